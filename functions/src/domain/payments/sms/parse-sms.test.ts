import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import bkash from './fixtures/bkash.json';
import nagad from './fixtures/nagad.json';
import rocket from './fixtures/rocket.json';
import { parseSms } from './parse-sms';
import { WORDINGS } from './wordings';

interface Fixture {
  wording: string;
  sender: string;
  text: string;
  expected: Record<string, unknown>;
}
const fixtures: Array<Fixture & { provider: string }> = [
  ...bkash.map((f) => ({ ...f, provider: 'bkash' })),
  ...nagad.map((f) => ({ ...f, provider: 'nagad' })),
  ...rocket.map((f) => ({ ...f, provider: 'rocket' })),
];

describe('every fixture reads as its wording says', () => {
  it.each(fixtures.map((f, i) => [`${f.wording} #${i}`, f] as const))('%s', (_, f) => {
    expect(parseSms(f)).toEqual({ kind: 'parsed', provider: f.provider, wording: f.wording, ...f.expected });
  });

  it('every known wording has at least one fixture', () => {
    const covered = new Set(fixtures.map((f) => f.wording));
    expect(WORDINGS.map((w) => w.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

const [bkashSend, , bkashCashIn] = bkash;
const nagadSend = nagad[0]!;
const rocketSend = rocket[0]!;
const unparsed = (reason: string) => ({ kind: 'unparsed', reason });
const withText = (f: Fixture, text: string) => ({ sender: f.sender, text });

describe('near misses are unparsed, never guessed', () => {
  it('a bKash text from anyone but bKash (a personal number, a look-alike name)', () => {
    for (const sender of ['01712345678', '+8801712345678', 'bKash-Info', 'BKASH ', 'bKash.', 'Nagad', ''])
      expect(parseSms({ sender, text: bkashSend!.text }).kind, sender).toBe('unparsed');
    expect(parseSms({ sender: '01712345678', text: bkashSend!.text })).toEqual(unparsed('unknown_sender'));
  });

  it("one provider's wording from another provider's sender", () => {
    expect(parseSms({ sender: 'NAGAD', text: bkashSend!.text })).toEqual(unparsed('unknown_wording'));
    expect(parseSms({ sender: 'bKash', text: rocketSend.text })).toEqual(unparsed('unknown_wording'));
  });

  it('a forwarded or padded text (the wording must fit from first to last character)', () => {
    expect(parseSms(withText(bkashSend!, `Fwd: ${bkashSend!.text}`))).toEqual(unparsed('unknown_wording'));
    expect(parseSms(withText(bkashSend!, `${bkashSend!.text}. Balance Tk 99,999.00`))).toEqual(
      unparsed('unknown_wording'),
    );
    expect(parseSms(withText(nagadSend, `Money Received.\n${nagadSend.text}`))).toEqual(
      unparsed('unknown_wording'),
    );
  });

  it('a missing or malformed TrxID', () => {
    const noTrx = bkashSend!.text.replace(' TrxID 9A1B2C3D4E', '');
    expect(parseSms(withText(bkashSend!, noTrx))).toEqual(unparsed('unknown_wording'));
    const short = bkashSend!.text.replace('9A1B2C3D4E', '9A1B2C3D');
    expect(parseSms(withText(bkashSend!, short))).toEqual(unparsed('unknown_wording'));
    const lower = bkashSend!.text.replace('9A1B2C3D4E', '9a1b2c3d4e');
    expect(parseSms(withText(bkashSend!, lower))).toEqual(unparsed('unknown_wording'));
    const letters = rocketSend.text.replace('TxnId:1234567890', 'TxnId:12345X7890');
    expect(parseSms(withText(rocketSend, letters))).toEqual(unparsed('unknown_wording'));
  });

  it('amounts with odd separators', () => {
    for (const odd of ['5,00.00', '500,00', '1.234,56', '500.000', '1,02,000.00', '500 .00', '৫০০.০০'])
      expect(parseSms(withText(bkashSend!, bkashSend!.text.replace('500.00', odd))).kind, odd).toBe(
        'unparsed',
      );
  });

  it('Bangla digits where the English wording has ASCII ones, and ASCII where the Bangla one has Bangla', () => {
    const banglaNumber = bkashSend!.text.replace('01712345678', '০১৭১২৩৪৫৬৭৮');
    expect(parseSms(withText(bkashSend!, banglaNumber))).toEqual(unparsed('unknown_wording'));
    const bn = bkash.find((f) => f.wording === 'bkash-send-money-bn')!;
    expect(parseSms(withText(bn, bn.text.replace('৳৫০০.০০', '৳500.00')))).toEqual(
      unparsed('unknown_wording'),
    );
  });

  it('impossible values: a 31 February, an hour 25, a non-mobile number, a zero amount', () => {
    const feb = bkashSend!.text.replace('27/11/2026', '31/02/2026');
    expect(parseSms(withText(bkashSend!, feb))).toEqual(unparsed('bad_value'));
    expect(parseSms(withText(bkashSend!, bkashSend!.text.replace('14:05', '25:05')))).toEqual(
      unparsed('bad_value'),
    );
    const landline = bkashSend!.text.replace('01712345678', '02712345678');
    expect(parseSms(withText(bkashSend!, landline))).toEqual(unparsed('bad_value'));
    const zero = bkashSend!.text.replace('Tk 500.00', 'Tk 0.00');
    expect(parseSms(withText(bkashSend!, zero))).toEqual(unparsed('bad_value'));
    const month = rocketSend.text.replace('NOV', 'NOB');
    expect(parseSms(withText(rocketSend, month))).toEqual(unparsed('bad_value'));
  });

  it("a payer's reference that carries the SMS's own fields (a crafted fake inside a real SMS)", () => {
    const crafted = bkashSend!.text.replace('Ref 123', 'Ref x. Balance Tk 9,999.00');
    expect(parseSms(withText(bkashSend!, crafted))).toEqual(unparsed('bad_value'));
    const trx = nagadSend.text.replace('Ref: N/A', 'Ref: TxnID 99999999');
    expect(parseSms(withText(nagadSend, trx))).toEqual(unparsed('bad_value'));
  });

  it('the Cash In tail other than the app link is not read', () => {
    const tail = bkashCashIn!.text.replace('Download App: https://bKa.sh/8app', 'Call 16247');
    expect(parseSms(withText(bkashCashIn!, tail))).toEqual(unparsed('unknown_wording'));
  });

  it('random text from a provider sender is unparsed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('bKash', 'NAGAD', '16216'),
        fc.string({ maxLength: 200 }),
        (sender, text) => {
          expect(parseSms({ sender, text }).kind).toBe('unparsed');
        },
      ),
    );
  });
});
