/**
 * Which source files hold the guards of money, codes, promo uses and order/payment statuses, and
 * which integration files exercise each: the guard check runs those against every mutant of the
 * file (`--files` runs others instead). Each list holds the files that test that guard's promise
 * directly, the quickest first; the long model and race files only where they are the proof.
 * A reseller's order is a wallet order at the reseller's price (place-order and the wallet's
 * guards); the reseller item's one condition guards the callback URL, not money, and is left out.
 */
const T = (name: string) => `functions/test/${name}.int.test.ts`;

const WALLET = [T('wallet-race'), T('wallet'), T('money-faults')];
const ORDERS = [
  T('db-guards'),
  T('exactly-once-races'),
  T('orders'),
  T('money-faults'),
  T('payments'),
  T('money-holes'),
];
const PAYMENTS = [T('db-guards'), T('payments'), T('money-holes'), T('payments-faults'), T('money-faults')];
const STOCK = [
  T('claim-code'),
  T('db-guards'),
  T('stock-invariants'),
  T('orders'),
  T('vouchers-admin'),
  T('orders-race'),
];
const PROMOS = [T('promos-concurrent'), T('promos'), T('promos-race'), T('promos-model')];

export const GUARDED_FILES: Record<string, string[]> = {
  'functions/src/db/wallet/balance.ts': WALLET,
  'functions/src/db/wallet/trx-claim.ts': [T('wallet'), T('money-faults'), T('trxid-holes')],
  'functions/src/db/wallet/manual-pending.ts': [T('trxid-holes')],
  'functions/src/db/wallet/adjustment-key.ts': [T('wallet'), T('money-faults'), T('wallet-race')],
  'functions/src/db/users/profiles.ts': [T('wallet-race'), T('account')],
  'functions/src/db/orders/order-items.ts': ORDERS,
  'functions/src/db/orders/idempotency.ts': [
    T('exactly-once-races'),
    T('orders'),
    T('payments-faults'),
    T('reseller-api'),
  ],
  'functions/src/db/orders/unpaid-slots.ts': [T('db-guards'), T('orders'), T('payments'), T('money-holes')],
  // Refund records and their tally (issue 34): never more refunded than paid, never sent twice.
  'functions/src/db/orders/refund-items.ts': [T('refunds')],
  // An audit entry is only ever added: the entry's own Put refuses an existing key.
  'functions/src/db/audit/audited-writes.ts': [T('audit-trail')],
  'functions/src/db/payments/payment-items.ts': PAYMENTS,
  'functions/src/db/payments/charge-lock.ts': PAYMENTS,
  'functions/src/db/payments/payment-queue.ts': PAYMENTS,
  'functions/src/db/payments/unexpected-payment.ts': PAYMENTS,
  // A ticket is handed once, below the shard's last number, never on a shard being deleted; new
  // numbers come after the last, once.
  'functions/src/db/stock/tickets.ts': [...STOCK, T('claim-conflicts'), T('admin-jobs')],
  'functions/src/db/stock/code-item.ts': STOCK,
  'functions/src/db/stock/code-transitions.ts': [...STOCK, T('payments')],
  'functions/src/db/stock/grow-shards.ts': STOCK,
  'functions/src/db/stock/purge-variant-codes.ts': [
    T('db-guards'),
    T('vouchers-admin'),
    T('admin-jobs'),
    T('stock-invariants'),
  ],
  'functions/src/db/catalog/variant-delete.ts': [
    T('db-guards'),
    T('vouchers-admin'),
    T('admin-jobs'),
    T('catalog-admin'),
  ],
  'functions/src/db/promos/promo-uses.ts': PROMOS,
  'functions/src/db/wallet/manual-sms.ts': [T('sms-guards'), T('sms-match'), T('trxid-holes')],
  'functions/src/db/payments/sms-items.ts': [T('sms-guards'), T('sms-match'), T('sms-intake')],
  'functions/src/db/fulfilment/supplier-order-items.ts': [
    T('fulfilment'),
    T('fulfilment-queue'),
    T('fulfilment-model'),
    T('fulfilment-guards'),
  ],
};

/**
 * Files of functions/src/db whose conditions guard no money, code, promo use or order/payment
 * status, with why: the check leaves them out (guard-coverage.test.ts holds every other file with
 * a condition to the map above).
 */
export const NOT_MONEY: Record<string, string> = {
  'functions/src/db/stock/restock.ts':
    "the sweeper's own marks (when a ticket is judged stranded); the numbering it does is guarded in tickets.ts",
  'functions/src/db/catalog/product-writes.ts': 'catalogue edits: an existing product, a free id',
  'functions/src/db/catalog/variant-writes.ts':
    "catalogue edits; a deleting variant's sales stop at its shards",
  'functions/src/db/jobs/job-item.ts': "admin jobs' leases; the writes a job makes carry their own guards",
  'functions/src/db/notify/day-summary.ts': 'one daily summary mail a day',
  'functions/src/db/notify/notices.ts': 'a mail or SMS sent once: messages, not money',
  'functions/src/db/notify/notify-settings.ts': 'alert addresses exist before an edit',
  'functions/src/db/players/saved-players.ts': "a buyer's remembered player ids",
  'functions/src/db/promos/promo-items.ts': 'promo definitions; their uses are guarded in promo-uses.ts',
  'functions/src/db/resellers/callback-items.ts': 'a callback to a reseller, written once',
  'functions/src/db/resellers/callback-queue.ts': "callbacks' delivery leases",
  'functions/src/db/resellers/reseller-item.ts': 'the callback URL',
  'functions/src/db/resellers/reseller-keys.ts': 'API keys: rights, proven by reseller-api.int.test.ts',
  'functions/src/db/site/site-writes.ts': "the site's content",
  'functions/src/db/suppliers/supplier-health.ts': "supplier health's alert, sent once",
  'functions/src/db/users/admin-role.ts': 'admin rights, proven by the admin tests',
  'functions/src/db/users/phone-code.ts': "a buyer's SMS phone verification",
  'functions/src/db/payments/sms-devices.ts': "the shop phones' device keys: rights",
  'functions/src/db/reconciliation/report-item.ts':
    "a day's reconciliation report; it reads money, moves none",
  'functions/src/db/wallet/wallet-turn.ts':
    "a lease queueing one account's wallet orders; balance = :old keeps the money",
};
