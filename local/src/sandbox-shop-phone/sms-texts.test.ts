import { describe, expect, it } from 'vitest';
import { parseSms } from '../../../functions/src/domain/payments/sms/parse-sms';
import { WORDINGS } from '../../../functions/src/domain/payments/sms/wordings';
import { newTrxId, SENDER, WORDING_TEXTS } from './sms-texts';

describe("the shop phone's SMS texts", () => {
  it('covers every wording the parsers know', () => {
    expect(WORDING_TEXTS.map((w) => w.id).sort()).toEqual(WORDINGS.map((w) => w.id).sort());
  });

  // Each text read back by the shop's own parser: the page sends what a real phone would get.
  for (const w of WORDING_TEXTS) {
    it(`${w.id} reads back as its wording with the same values`, () => {
      const at = new Date('2026-11-27T20:05:33Z'); // 02:05:33 am in Dhaka, the next day
      const from = w.provider === 'rocket' ? '017123456789' : '01712345678';
      const trxId = newTrxId(w.provider);
      for (const ref of [undefined, 'gift']) {
        const text = w.compose({ amountPoisha: 123_450, from, trxId, balancePoisha: 10_200_000, at, ref });
        const reading = parseSms({ sender: SENDER[w.provider], text });
        expect(reading, text).toMatchObject({
          kind: 'parsed',
          provider: w.provider,
          wording: w.id,
          amountPoisha: 123_450,
          trxId,
          counterpartyNumber: from,
          balancePoisha: 10_200_000,
          at: w.provider === 'rocket' ? at.toISOString() : '2026-11-27T20:05:00.000Z',
        });
      }
    });
  }
});
