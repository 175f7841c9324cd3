import { formatTaka } from '@khelaghor/contract/taka';
import { describe, expect, it } from 'vitest';
import { orderBadgeVariant } from './order-status';
import { checkPlayerUid, METHOD_LABELS } from '@khelaghor/contract/facts';
import { act } from '@testing-library/react';
import { setLocale } from '../i18n/i18n';
import { methodLabel, statusLabel } from './format';
import { maskCode } from './code-mask';
import { seoRowFor } from './seo';

describe('Player UID rule', () => {
  it("asks for a UID when empty and wants 8 to 12 digits ('Invalid UID')", () => {
    expect(checkPlayerUid('')).toEqual({
      title: 'Please enter Player UID',
      message: 'Please enter Player UID',
    });
    expect(checkPlayerUid('   ')).toMatchObject({ message: 'Please enter Player UID' });
    for (const bad of ['1234567', '1234567890123', '12345abc', '12 345678']) {
      expect(checkPlayerUid(bad)).toEqual({
        title: 'Invalid UID',
        message: 'Please enter a valid game Player UID (8-12 digits)',
      });
    }
    expect(checkPlayerUid('12345678')).toBeUndefined();
    expect(checkPlayerUid('123456789012')).toBeUndefined();
  });
});

describe('code masking', () => {
  it('shows first 4 and last 4 with asterisks only when longer than 8', () => {
    expect(maskCode('ABCD1234')).toBe('ABCD1234');
    expect(maskCode('ABCD-EFGH-1234')).toBe('ABCD******1234');
    expect(maskCode('123456789')).toBe('1234*6789');
  });
});

describe('money and status formatting', () => {
  it('formats poisha as taka with 2 decimals', () => {
    expect(formatTaka(0)).toBe('৳0.00');
    expect(formatTaka(12345)).toBe('৳123.45');
    expect(formatTaka(123456700)).toBe('৳1,234,567.00');
    expect(formatTaka(-500)).toBe('-৳5.00');
  });

  it('status and method names: the English texts, in Bangla after a switch, unknown ones as they are', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('on_hold')).toBe('On_hold');
    for (const [method, label] of Object.entries(METHOD_LABELS)) expect(methodLabel(method)).toBe(label);
    expect(methodLabel('crypto')).toBe('crypto');
    act(() => setLocale('bn'));
    try {
      expect(statusLabel('completed')).toBe('সম্পন্ন');
      expect(methodLabel('wallet')).toBe('ওয়ালেট');
      expect(methodLabel('bkash')).toBe('bKash');
    } finally {
      act(() => setLocale('en'));
    }
  });

  it('badges: completed default, failed destructive, others secondary', () => {
    expect(orderBadgeVariant('completed')).toBe('default');
    expect(orderBadgeVariant('failed')).toBe('destructive');
    for (const s of ['pending', 'processing', 'refunded']) expect(orderBadgeVariant(s)).toBe('secondary');
  });
});

describe('SEO rows', () => {
  const rows = [
    { page_path: '/', title: 'Home' },
    { page_path: '/product', title: 'Products' },
    { page_path: '/product/abc', title: 'ABC' },
  ];
  it('uses the exact path first, then the longest prefix, never / for other pages', () => {
    expect(seoRowFor(rows, '/')?.title).toBe('Home');
    expect(seoRowFor(rows, '/product/abc')?.title).toBe('ABC');
    expect(seoRowFor(rows, '/product/xyz')?.title).toBe('Products');
    expect(seoRowFor(rows, '/my-codes')).toBeUndefined();
  });
});
