import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { creditedElsewhere, SmsCheck } from './sms-check';

/** The admin's queue names the failed control beside a TrxID request, with the SMS it was compared with (issue 32). */
const base = {
  id: 'p1',
  kind: 'manual_topup' as const,
  order_id: null,
  user_id: 'u1',
  user_email: 'a@b.c',
  amount: 50_000,
  payment_method: 'bkash',
  payment_provider: 'manual',
  status: 'pending' as const,
  invoice_id: null,
  transaction_id: 'TRX1',
  sender_number: '01812345678',
  note: null,
  expires_at: '2026-11-27T10:30:00.000Z',
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  competing: [],
  sms: null,
};
const sms = {
  id: 's1',
  sender: 'bKash',
  text: 'You have received Tk 400.00 from 01812345678. Fee Tk 0.00. Balance Tk 1,400.00. TrxID TRX1 at 27/11/2026 16:00',
  receiving_number: '01711000001',
  received_at: '2026-11-27T10:01:00.000Z',
  status: 'review' as const,
  failed_control: 'amount' as const,
  amount: 40_000,
  trx_id: 'TRX1',
  payment_id: 'p1',
};

afterEach(cleanup);

describe('the SMS check in the admin queue', () => {
  it("names the failed control and shows the SMS's text and number", () => {
    render(<SmsCheck request={{ ...base, sms_review: 'amount', sms }} />);
    expect(screen.getByText('SMS check: amount differs')).toBeTruthy();
    expect(screen.getByText(/^SMS to 01711000001: ৳400\.00/)).toBeTruthy();
    expect(screen.getByText(/You have received Tk 400\.00/)).toBeTruthy();
  });

  it('says a request still waits for its SMS', () => {
    render(<SmsCheck request={base} />);
    expect(screen.getByText(/^Waiting for the payment SMS until /)).toBeTruthy();
  });

  it('an SMS that credited another request: this one cannot be approved', () => {
    const other = {
      ...base,
      sms_review: 'trxid_used' as const,
      sms: { ...sms, status: 'matched' as const, payment_id: 'p0' },
    };
    render(<SmsCheck request={other} />);
    expect(screen.getByText(/cannot be approved to this one/)).toBeTruthy();
    expect(creditedElsewhere(other)).toBe(true);
    expect(creditedElsewhere({ ...base, sms_review: 'amount', sms })).toBe(false);
  });
});
