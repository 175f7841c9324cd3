import { TOPUP_RANGE_MESSAGE, TOPUP_SELECT_MESSAGE } from '@khelaghor/contract/facts';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import { checkTopup } from './check-topup';

describe('form rules', () => {
  it('add money needs an amount and a method, within ৳10 to ৳25,000', () => {
    expect(checkTopup('', 'bkash')).toEqual({ error: 'Please select amount and payment method' });
    expect(checkTopup('100', undefined)).toEqual({ error: 'Please select amount and payment method' });
    expect(checkTopup('abc', 'bkash')).toEqual({ error: 'Please enter a valid amount' });
    expect(checkTopup('5', 'bkash')).toEqual({ error: 'Amount must be between ৳10 and ৳25,000' });
    expect(checkTopup('25000.01', 'bkash')).toEqual({ error: 'Amount must be between ৳10 and ৳25,000' });
    expect(checkTopup('500.5', 'nagad')).toEqual({ amount: 50050 });
    // The English texts are the contract's (the server's rule says the same).
    expect(checkTopup('', 'bkash')).toEqual({ error: TOPUP_SELECT_MESSAGE });
    expect(checkTopup('5', 'bkash')).toEqual({ error: TOPUP_RANGE_MESSAGE });
  });

  it('says it in Bangla after a switch', () => {
    setLocale('bn');
    try {
      expect(checkTopup('5', 'bkash')).toEqual({ error: 'টাকার পরিমাণ ৳১০ থেকে ৳২৫,০০০ এর মধ্যে হতে হবে' });
    } finally {
      setLocale('en');
    }
  });
});
