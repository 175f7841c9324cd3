/**
 * Which source files hold the guards of money, codes, promo uses and order/payment statuses, and
 * which integration files exercise each: the guard check runs those against every mutant of the
 * file. Files are listed quickest killer first (the run stops at the first failing test).
 */
const T = (name: string) => `functions/test/${name}.int.test.ts`;

const WALLET = [T('wallet-race'), T('wallet'), T('money-faults'), T('wallet-model'), T('money-holes')];
const ORDERS = [
  T('orders'),
  T('orders-race'),
  T('money-faults'),
  T('payments'),
  T('money-holes'),
  T('wallet-model'),
];
const PAYMENTS = [
  T('payments'),
  T('money-faults'),
  T('payments-faults'),
  T('money-holes'),
  T('wallet-model'),
];
const STOCK = [
  T('claim-code'),
  T('orders-race'),
  T('stock-invariants'),
  T('vouchers-admin'),
  T('orders'),
  T('money-holes'),
];
const PROMOS = [T('promos'), T('promos-race'), T('promos-model')];
const RESELLERS = [T('reseller-api'), T('money-faults')];

export const GUARDED_FILES: Record<string, string[]> = {
  'functions/src/db/wallet/balance.ts': WALLET,
  'functions/src/db/wallet/trx-claim.ts': [T('wallet'), T('money-faults'), T('wallet-race')],
  'functions/src/db/profiles.ts': [T('account'), T('wallet'), T('wallet-race')],
  'functions/src/db/orders/order-items.ts': ORDERS,
  'functions/src/db/orders/idempotency.ts': [T('orders'), T('payments-faults'), T('reseller-api')],
  'functions/src/db/orders/unpaid-slots.ts': [T('orders'), T('payments'), T('money-holes')],
  'functions/src/db/payments/charge-lock.ts': PAYMENTS,
  'functions/src/db/payments/payment-queue.ts': PAYMENTS,
  'functions/src/db/payments/unexpected-payment.ts': PAYMENTS,
  'functions/src/db/stock/claim-code.ts': STOCK,
  'functions/src/db/stock/code-item.ts': STOCK,
  'functions/src/db/stock/code-transitions.ts': [...STOCK, T('payments')],
  'functions/src/db/stock/stock-shards.ts': STOCK,
  'functions/src/db/stock/grow-shards.ts': STOCK,
  'functions/src/db/stock/purge-variant-codes.ts': [
    T('vouchers-admin'),
    T('admin-jobs'),
    T('stock-invariants'),
  ],
  'functions/src/db/catalog/variant-delete.ts': [T('vouchers-admin'), T('admin-jobs'), T('catalog-admin')],
  'functions/src/db/promos/promo-uses.ts': PROMOS,
  'functions/src/db/resellers/reseller-item.ts': RESELLERS,
  'functions/src/use-cases/orders/place-order.ts': [...ORDERS, ...RESELLERS],
  'functions/src/use-cases/orders/set-order-status.ts': [T('money-faults'), T('orders'), T('wallet-model')],
  'functions/src/use-cases/payments/settle-payment.ts': PAYMENTS,
};
