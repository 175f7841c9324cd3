import type { ServerResponse } from 'node:http';
import type { Invoice } from './invoices';
import { sendJson } from '../sandbox-http';

/**
 * The sandbox's `POST /api/refund-payment`: UddoktaPay answers only `{status, message}` (no refund
 * id, no status call), so the shop cannot ask afterwards what happened. Tests queue faults for the
 * next calls and count the refunds the sandbox accepted (the money that really left).
 */
export type RefundFault =
  /** A clear yes (the default when no fault is queued). */
  | { kind: 'yes' }
  /** A clear no: `{status:false, message}`, nothing refunded. */
  | { kind: 'no'; message?: string }
  /** The connection drops without an answer; `applied` says whether the refund went through anyway. */
  | { kind: 'timeout'; applied: boolean }
  /** HTTP 500 with a body the shop must not trust; `applied` as above. */
  | { kind: '5xx'; applied: boolean };

export interface AcceptedRefund {
  transaction_id: string;
  invoice_id: string;
  /** Poisha. */
  amount: number;
  payment_method: string;
  reason: string;
  at: string;
}

const toPoisha = (taka: string) => Math.round(Number(taka) * 100);

export class RefundDesk {
  private readonly faults: RefundFault[] = [];
  readonly accepted: AcceptedRefund[] = [];

  queue(...faults: RefundFault[]): void {
    this.faults.push(...faults);
  }

  /** Answers one refund call for `inv` (the invoice whose transaction id the body names). */
  handle(inv: Invoice | undefined, body: Record<string, unknown>, res: ServerResponse): void {
    const fault = this.faults.shift() ?? { kind: 'yes' };
    const amountText = String(body.amount ?? '');
    if (!inv || inv.status !== 'COMPLETED')
      return sendJson(res, 200, { status: false, message: 'Transaction not found' });
    if (!/^\d+(\.\d{1,2})?$/.test(amountText) || Number(amountText) <= 0)
      return sendJson(res, 200, { status: false, message: 'Invalid amount' });
    if (fault.kind === 'no')
      return sendJson(res, 200, { status: false, message: fault.message ?? 'Refund not allowed' });
    const amount = toPoisha(amountText);
    const paid = toPoisha(inv.paid_amount ?? inv.amount);
    const before = this.accepted
      .filter((r) => r.invoice_id === inv.invoice_id)
      .reduce((sum, r) => sum + r.amount, 0);
    // The gateway's own cap: never more than the payment, whatever the merchant asks.
    if (before + amount > paid)
      return sendJson(res, 200, { status: false, message: 'Refund amount exceeds the payment' });
    const applies = fault.kind === 'yes' || fault.applied;
    if (applies)
      this.accepted.push({
        transaction_id: String(body.transaction_id),
        invoice_id: inv.invoice_id,
        amount,
        payment_method: String(body.payment_method ?? inv.payment_method ?? ''),
        reason: String(body.reason ?? ''),
        at: new Date().toISOString(),
      });
    if (fault.kind === 'timeout') {
      res.socket?.destroy();
      return;
    }
    if (fault.kind === '5xx') return sendJson(res, 500, { message: 'Server Error' });
    return sendJson(res, 200, { status: true, message: 'Refund request submitted successfully' });
  }
}
