import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { indexKeys, keys, listQuery, type IndexList } from './keys';
import { decodeCursor, encodeCursor, type PageList } from './page-cursor';
import type { CodeItem } from './stock/code-item';
import type { OrderPaymentMethod, OrderStatus, PaymentStatus } from '@khelaghor/contract/schemas/orders';
import type { PaymentKind } from '@khelaghor/contract/schemas/payments';
import type { LedgerReason } from '@khelaghor/contract/schemas/wallet';

/** Stored shapes and reads of orders, payments and ledger entries (payments work). */

// Statuses, kinds, reasons and methods are the contract's (one list each, shared with the SPA).
export type { OrderPaymentMethod, OrderStatus, PaymentStatus } from '@khelaghor/contract/schemas/orders';
export type { PaymentKind } from '@khelaghor/contract/schemas/payments';
export type { LedgerReason } from '@khelaghor/contract/schemas/wallet';

export interface OrderItem {
  type: 'order';
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  product_id: string;
  product_variant_id: string;
  product_name: string;
  variant_name: string;
  player_uid: string;
  player_name: string | null;
  whatsapp_number: string | null;
  quantity: 1;
  total_amount: number;
  status: OrderStatus;
  payment_method: OrderPaymentMethod;
  payment_id?: string;
  code_id?: string;
  /** Which of the buyer's unpaid-order slots this pending gateway order takes (unpaid-slots.ts). */
  unpaid_slot?: number;
  failure_reason?: string;
  /** Set when the buyer's money was taken (wallet debit or verified gateway payment). */
  paid_at?: string;
  /** Set once, in the transaction that credits a refund: the refund's exactly-once guard. */
  refunded_at?: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentItem {
  type: 'payment';
  id: string;
  kind: PaymentKind;
  order_id?: string;
  user_id: string;
  user_email?: string;
  amount: number;
  payment_method: string;
  payment_provider: 'uddoktapay' | 'manual' | 'admin';
  status: PaymentStatus;
  invoice_id?: string;
  /**
   * The invoice of the charge the shop created, read from its checkout URL: the only invoice that
   * may settle this payment (any other paid invoice naming it is an unexpected payment).
   */
  invoice_hint?: string;
  payment_url?: string;
  /** Who may call the gateway's create-charge for this payment, and until when (one invoice per payment). */
  charge_owner?: string;
  charge_until?: string;
  /** When the sweeper asks the gateway next (its queue's sort key). */
  next_check_at?: string;
  /** kind 'unexpected': why the money was not expected (second_invoice, overpayment, late_payment, mismatch). */
  reason?: string;
  transaction_id?: string;
  sender_number?: string;
  hold_until?: string;
  paid_amount?: number;
  note?: string;
  created_at: string;
  updated_at: string;
}

export interface LedgerItem {
  type: 'ledger';
  id: string;
  user_id: string;
  amount: number;
  balance_after: number;
  reason: LedgerReason;
  reference: string;
  note?: string;
  created_at: string;
}

export async function getItem<T>(db: Db, key: { pk: string; sk: string }): Promise<T | undefined> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: key, ConsistentRead: true }));
  return res.Item as T | undefined;
}

export const getOrder = (db: Db, id: string) => getItem<OrderItem>(db, keys.order(id));
export const getPayment = (db: Db, id: string) => getItem<PaymentItem>(db, keys.payment(id));
export const getCode = (db: Db, variantId: string, codeId: string) =>
  getItem<CodeItem>(db, keys.code(variantId, codeId));

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** One page of a newest-first Query of `list` (cursor = the last evaluated key, signed for that list). */
export async function queryPage<T>(
  db: Db,
  list: PageList,
  input: Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey' | 'Limit'>,
  page: { cursor?: string; limit: number },
): Promise<Page<T>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ScanIndexForward: false,
      ...input,
      ...(list.index && { IndexName: list.index }),
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(list, page.cursor),
    }),
  );
  return { items: (res.Items ?? []) as T[], cursor: encodeCursor(list, res.LastEvaluatedKey) };
}

export const indexPage = <T>(db: Db, list: IndexList, page: { cursor?: string; limit: number }) => {
  const { IndexName: _index, ...condition } = listQuery(list);
  return queryPage<T>(db, list, condition, page);
};

export const ledgerPage = (db: Db, userId: string, page: { cursor?: string; limit: number }) =>
  queryPage<LedgerItem>(
    db,
    { pk: keys.user(userId), skPrefix: keys.ledgerPrefix() },
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':prefix': keys.ledgerPrefix() },
    },
    page,
  );

export { indexKeys };
