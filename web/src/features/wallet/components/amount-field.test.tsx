import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import { AmountField } from './amount-field';
import { HowToPayToggle } from './manual-topup-fields';

describe('Add Money fields', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('en'));
  });

  it('reads in English: the spec texts and the quick amounts', () => {
    render(<AmountField value="1000" onChange={() => {}} />);
    expect(screen.getByLabelText('Amount (BDT)')).toBeTruthy();
    expect(screen.getByText('From ৳10 to ৳25,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: '৳1,000', pressed: true })).toBeTruthy();
  });

  it('switches to Bangla with Bangla digits, and back', () => {
    render(
      <>
        <AmountField value="1000" onChange={() => {}} />
        <HowToPayToggle manual={false} onChange={() => {}} />
      </>,
    );
    act(() => setLocale('bn'));
    expect(screen.getByLabelText('টাকার পরিমাণ')).toBeTruthy();
    expect(screen.getByText('৳১০ থেকে ৳২৫,০০০ পর্যন্ত')).toBeTruthy();
    expect(screen.getByRole('button', { name: '৳১,০০০', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'আমি টাকা পাঠিয়েছি (TrxID)' })).toBeTruthy();
    act(() => setLocale('en'));
    expect(screen.getByRole('button', { name: 'I sent money (TrxID)' })).toBeTruthy();
  });
});
