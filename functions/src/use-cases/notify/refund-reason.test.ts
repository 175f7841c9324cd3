import { describe, expect, it } from 'vitest';
import { refund } from './buyer-messages';
import { bn } from './buyer-messages-bn';

/** Issue 31: the refund of an order a supplier or an operator could not fulfil says why. */
describe('the refund mail', () => {
  const d = { orderId: 'o1', amount: 10_000, balanceAfter: 50_000, what: 'Free Fire · 100 Diamonds' };

  it('names the reason in both languages when there is one', () => {
    expect(refund('https://shop', { ...d, why: 'Game under maintenance' }).rows).toContainEqual([
      'Reason',
      'Game under maintenance',
    ]);
    expect(bn.refund('https://shop', { ...d, why: 'Game under maintenance' }).rows).toContainEqual([
      'কারণ',
      'Game under maintenance',
    ]);
  });

  it('has no reason row without one', () => {
    expect(refund('https://shop', d).rows?.map(([label]) => label)).not.toContain('Reason');
  });
});
