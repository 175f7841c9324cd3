import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sandbox's memory of invoices (optionally kept in a JSON file so a restart keeps them). */

export type WebhookMode = 'once' | 'twice' | 'never';
type InvoiceStatus = 'CREATED' | 'COMPLETED' | 'PENDING' | 'ERROR';

export interface Invoice {
  invoice_id: string;
  full_name: string;
  email: string;
  /** Taka as the merchant sent it, e.g. "150.00". */
  amount: string;
  metadata: Record<string, unknown>;
  redirect_url: string;
  cancel_url: string;
  webhook_url: string;
  return_type: string;
  status: InvoiceStatus;
  payment_method: string | null;
  sender_number: string | null;
  transaction_id: string | null;
  created_at: string;
  date: string | null;
  webhooks_sent: number;
  /** Amount actually paid (taka string); differs from `amount` only when a test says so. */
  paid_amount?: string;
}

export class InvoiceStore {
  private readonly invoices = new Map<string, Invoice>();
  private readonly file?: string;

  constructor(dataDir?: string) {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      this.file = join(dataDir, 'sandbox-gateway.json');
      if (existsSync(this.file)) {
        try {
          const saved = JSON.parse(readFileSync(this.file, 'utf8')) as Invoice[];
          for (const inv of saved) this.invoices.set(inv.invoice_id, inv);
        } catch {
          // A corrupt file only loses sandbox history; start empty.
        }
      }
    }
  }

  create(
    input: Omit<
      Invoice,
      | 'invoice_id'
      | 'status'
      | 'payment_method'
      | 'sender_number'
      | 'transaction_id'
      | 'created_at'
      | 'date'
      | 'webhooks_sent'
    >,
  ): Invoice {
    const invoice: Invoice = {
      ...input,
      invoice_id: randomBytes(20).toString('hex'),
      status: 'CREATED',
      payment_method: null,
      sender_number: null,
      transaction_id: null,
      created_at: new Date().toISOString(),
      date: null,
      webhooks_sent: 0,
    };
    this.invoices.set(invoice.invoice_id, invoice);
    this.save();
    return invoice;
  }

  get(id: string): Invoice | undefined {
    return this.invoices.get(id);
  }

  list(): Invoice[] {
    return [...this.invoices.values()];
  }

  update(id: string, change: Partial<Invoice>): Invoice | undefined {
    const inv = this.invoices.get(id);
    if (!inv) return undefined;
    Object.assign(inv, change);
    this.save();
    return inv;
  }

  private save(): void {
    if (!this.file) return;
    try {
      writeFileSync(this.file, JSON.stringify(this.list(), null, 1));
    } catch {
      // Persistence is a convenience of the sandbox, never a reason to fail a payment.
    }
  }
}

/** The verify-payment answer (and webhook body) of an invoice, as UddoktaPay shapes it. */
export function verifyAnswer(inv: Invoice): Record<string, unknown> {
  const amount = inv.paid_amount ?? inv.amount;
  const fee = '0.00';
  return {
    full_name: inv.full_name,
    email: inv.email,
    amount,
    fee,
    charged_amount: amount,
    invoice_id: inv.invoice_id,
    metadata: inv.metadata,
    payment_method: inv.payment_method ?? '',
    sender_number: inv.sender_number ?? '',
    transaction_id: inv.transaction_id ?? '',
    date: inv.date ?? inv.created_at.replace('T', ' ').slice(0, 19),
    status: inv.status === 'CREATED' ? 'ERROR' : inv.status,
  };
}
