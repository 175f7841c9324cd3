import { API_MESSAGES } from '@khelaghor/contract/api-messages';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { ApiError } from './client';
import { apiErrorMessage, apiFieldMessage, apiFieldMessages } from './messages';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

afterEach(() => setLocale('en'));

const refusal = (message: string, reason: string, params?: Record<string, string | number>) =>
  new ApiError(422, 'business_rule', message, undefined, undefined, { reason, params });

describe('API messages (DESIGN 11)', () => {
  it('the English catalogue is the contract’s, and every reason has a Bangla text', () => {
    expect(en).toEqual(API_MESSAGES);
    for (const reason of Object.keys(API_MESSAGES)) {
      expect((bn as Record<string, string>)[reason]?.trim(), reason).toBeTruthy();
    }
  });

  it('shows the server’s English message in English and the Bangla of its reason in Bangla', () => {
    const error = refusal('Insufficient balance', 'insufficient_balance');
    expect(apiErrorMessage(error)).toBe('Insufficient balance');
    setLocale('bn');
    expect(apiErrorMessage(error)).toBe('ব্যালেন্স যথেষ্ট নয়');
  });

  it('fills placeholders in Bangla digits, and money from its poisha', () => {
    setLocale('bn');
    const keys = refusal('At most 5 active keys: revoke one first', 'reseller_max_keys', { max: 5 });
    expect(apiErrorMessage(keys)).toBe('সর্বোচ্চ ৫টি সক্রিয় কী রাখা যায়: আগে একটি প্রত্যাহার করুন');
    const min = refusal('Minimum order for this code is ৳500.00', 'promo_min_order', {
      amount: '৳500.00',
      amount_poisha: 50_000,
    });
    expect(apiErrorMessage(min)).toBe('এই কোডের জন্য সর্বনিম্ন অর্ডার ৳৫০০.০০');
  });

  it('keeps the English text for `other`, an unknown reason or none', () => {
    setLocale('bn');
    expect(apiErrorMessage(refusal('Free Fire UIDs have 9 or 10 digits', 'other'))).toBe(
      'Free Fire UIDs have 9 or 10 digits',
    );
    expect(apiErrorMessage(refusal('A new refusal', 'not_in_this_build'))).toBe('A new refusal');
    expect(apiErrorMessage(new ApiError(400, 'bad_request', 'Old server'))).toBe('Old server');
    expect(apiErrorMessage(new Error('plain'))).toBe('plain');
    expect(apiErrorMessage('??')).toBe('কিছু একটা সমস্যা হয়েছে');
  });

  it('translates the field messages that have a reason, the others stay English', () => {
    const error = new ApiError(
      400,
      'validation',
      'Title is required',
      { title: 'Title is required', name: 'Must be at most 120 characters', x: 'Custom rule' },
      undefined,
      {
        reason: 'title_required',
        fieldReasons: {
          title: { reason: 'title_required' },
          name: { reason: 'max_chars', params: { max: 120 } },
        },
      },
    );
    expect(apiFieldMessage(error, 'name')).toBe('Must be at most 120 characters');
    setLocale('bn');
    expect(apiFieldMessages(error)).toEqual({
      title: 'শিরোনাম দিতে হবে',
      name: 'সর্বোচ্চ ১২০ অক্ষর লেখা যাবে',
      x: 'Custom rule',
    });
    expect(apiFieldMessage(error, 'missing')).toBeUndefined();
  });
});
