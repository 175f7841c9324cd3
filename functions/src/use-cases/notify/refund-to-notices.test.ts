import { describe, expect, it } from 'vitest';
import { noticesFor } from '../../domain/notify/notices';
import { refund } from './buyer-messages';
import { BUYER_MAILS } from './buyer-mails';
import { SMS_TEXTS } from './sms-messages';

const record = (state: string, destination = 'original') => ({
  type: 'refund',
  id: 'r-1',
  order_id: 'o-1',
  user_id: 'u-1',
  amount: 4_000,
  destination,
  method: destination === 'original' ? 'bkash' : destination,
  state,
});

describe('the buyer is told of a refund to the original payment once it is sent', () => {
  it('one notice when it becomes sent, none before or for the wallet (its ledger entry tells)', () => {
    expect(noticesFor({ before: record('sending'), after: record('unknown') })).toEqual([]);
    const sent = noticesFor({ before: record('unknown'), after: record('sent') });
    expect(sent).toEqual([
      expect.objectContaining({ id: 'refund-to#o-1#r-1', kind: 'refund', to: 'bkash', amount: 4_000 }),
    ]);
    expect(noticesFor({ before: record('sent'), after: record('sent') })).toEqual([]);
    expect(noticesFor({ after: record('sent', 'wallet') })).toEqual([]);
    expect(noticesFor({ after: record('sent', 'send_money') })).toHaveLength(1);
  });

  it('says where the money went, in English and Bangla, mail and SMS', () => {
    const d = { orderId: 'o-1', amount: 4_000, balanceAfter: 0, to: 'bkash' };
    expect(refund('https://shop', d).subject).toBe('Refund of ৳40.00 to your bKash');
    expect(BUYER_MAILS.bn.refund('https://shop', d).subject).toContain('বিকাশ');
    expect(SMS_TEXTS.en.refund({ brand: 'Khelaghor', ...d })).toBe(
      'Khelaghor: Tk 40.00 refunded to your bKash.',
    );
    expect(SMS_TEXTS.bn.refund({ brand: 'খেলাঘর', ...d })).toContain('বিকাশে');
  });
});
