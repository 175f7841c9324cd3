import { describe, expect, it } from 'vitest';
import { checkTopup } from './check-topup';

describe('form rules', () => {
  it('add money needs an amount and a method, within ৳10 to ৳25,000', () => {
    expect(checkTopup('', 'bkash')).toEqual({ error: 'Please select amount and payment method' });
    expect(checkTopup('100', undefined)).toEqual({ error: 'Please select amount and payment method' });
    expect(checkTopup('abc', 'bkash')).toEqual({ error: 'Please enter a valid amount' });
    expect(checkTopup('5', 'bkash')).toEqual({ error: 'Amount must be between ৳10 and ৳25,000' });
    expect(checkTopup('25000.01', 'bkash')).toEqual({ error: 'Amount must be between ৳10 and ৳25,000' });
    expect(checkTopup('500.5', 'nagad')).toEqual({ amount: 50050 });
  });
});
