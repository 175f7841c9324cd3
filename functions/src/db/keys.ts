import type { IndexName } from '@khelaghor/contract';
import { createHash } from 'node:crypto';

/**
 * Key builders for the single table. Each function mirrors one row of the access-pattern table
 * in docs/data-model.md; change both together. Sort keys that list "newest first" start with an
 * ISO timestamp (or a ULID, which sorts by time) and are read with ScanIndexForward=false.
 */

const SEP = '#';
const k = (...parts: Array<string | number>) => parts.join(SEP);

/** Main-table keys. */
/** The sort key of a profile, in the table and on the email index (gsi1sk). */
export const PROFILE = 'PROFILE';

export const keys = {
  // Catalogue: every product and variant lives in one partition, so the home page is one Query.
  catalog: () => 'CATALOG',
  product: (productId: string) => ({ pk: 'CATALOG', sk: k('PRODUCT', productId) }),
  variant: (productId: string, variantId: string) => ({
    pk: 'CATALOG',
    sk: k('PRODUCT', productId, 'VARIANT', variantId),
  }),
  /**
   * A category's own record (its Bangla name), keyed by the category's name: categories are the
   * products' `category` values, so the record moves when the category is renamed.
   */
  category: (name: string) => ({ pk: 'CATALOG', sk: k('CATEGORY', name) }),
  /** Prefix of the category records: begins_with(sk, categoryPrefix). */
  categoryPrefix: () => k('CATEGORY', ''),
  /** Prefix of a product and all its variants: begins_with(sk, productPrefix). */
  productPrefix: (productId: string) => k('PRODUCT', productId),
  /** Variant id -> product id pointer, so a variant can be found from its id alone. */
  variantRef: (variantId: string) => ({ pk: k('VARIANT', variantId), sk: 'REF' }),
  /** One stock shard of a variant, its ticket counters: its own partition, out of CATALOG (see stock-shards.ts). */
  stockShard: (variantId: string, shard: number) => ({ pk: k('STOCK', variantId, shard), sk: 'STOCK' }),
  /** Ticket `index` of a stock shard: names the code that ticket sells (see tickets.ts). */
  ticket: (variantId: string, shard: number, index: number) => ({
    pk: k('TICKETS', variantId, shard),
    sk: String(index).padStart(10, '0'),
  }),
  /**
   * Replica `replica` of the mark that a stock shard handed out its last ticket, written by the
   * claim that took it: a buyer refused by one shard reads one replica of every shard's mark.
   * Each mark is a partition of its own, so the refused buyers' reads spread over them.
   */
  soldOut: (variantId: string, replica: number, shard: number) => ({
    pk: k('SOLDOUT', variantId, shard, replica),
    sk: 'SOLDOUT',
  }),
  /** A code back in stock without a ticket yet (released hold): the sweeper gives it one. */
  restock: (variantId: string, shard: number, codeId: string) => ({
    pk: 'RESTOCK',
    sk: k(variantId, shard, codeId),
  }),
  restockPartition: () => 'RESTOCK',

  /**
   * A completed order without a ticket (a supplier's or an operator's) on one Asia/Dhaka day,
   * `part` its id: the product page's 'Popular' reads the last 7 days of a product in one Query,
   * with its shards' ticket counts (db/catalog/sales-counts.ts).
   */
  salesCount: (productId: string, day: string, variantId: string, part: string) => ({
    pk: k('SALES', productId),
    sk: k('DAY', day, variantId, part),
  }),
  salesPartition: (productId: string) => k('SALES', productId),
  salesDayPrefix: (day: string) => k('DAY', day),

  // Voucher codes of a variant (admin list by variant, delete-variant cascade).
  code: (variantId: string, codeId: string) => ({ pk: k('VARCODES', variantId), sk: k('CODE', codeId) }),
  variantCodes: (variantId: string) => k('VARCODES', variantId),
  /** Uniqueness of a code string across the whole shop (value is a hash of the normalised code). */
  codeUnique: (codeHash: string) => ({ pk: k('CODESTR', codeHash), sk: 'UNIQUE' }),

  // Users: profile, wallet ledger.
  user: (userId: string) => k('USER', userId),
  profile: (userId: string) => ({ pk: k('USER', userId), sk: PROFILE }),
  ledgerEntry: (userId: string, entryId: string) => ({ pk: k('USER', userId), sk: k('LEDGER', entryId) }),
  /** How many of a customer's TrxID requests wait for a decision (DESIGN 12's limit of 3). */
  manualPending: (userId: string) => ({ pk: k('USER', userId), sk: 'MANUAL_PENDING' }),
  ledgerPrefix: () => 'LEDGER#',
  /** Prefix of a variant's codes under its partition: begins_with(sk, codePrefix). */
  codePrefix: () => 'CODE#',
  /** The buyer's one pending phone code (a new code replaces it; gone once verified or by its TTL). */
  phoneCode: (userId: string) => ({ pk: k('USER', userId), sk: 'PHONE_CODE' }),
  /** The table's half of the admin role (the other half is the Cognito group); only role changes write it. */
  adminRole: (userId: string) => ({ pk: k('USER', userId), sk: 'ROLE#ADMIN' }),
  /**
   * A Player UID (and zone; '' when the game has none) the buyer completed an order for, per game:
   * the saved players the product page offers (docs/data-model.md, 'saved players').
   */
  savedPlayer: (userId: string, productId: string, playerUid: string, zone: string) => ({
    pk: k('USER', userId),
    sk: k('PLAYER', productId, playerUid, zone),
  }),
  /** Prefix of a buyer's saved players under their partition: begins_with(sk, savedPlayerPrefix). */
  savedPlayerPrefix: () => 'PLAYER#',
  /** One of a buyer's few unpaid-gateway-order slots (DESIGN 11: at most 2 unpaid orders at a time). */
  unpaidSlot: (userId: string, slot: number) => ({ pk: k('USER', userId), sk: k('UNPAID', slot) }),

  // Orders and payments.
  order: (orderId: string) => ({ pk: k('ORDER', orderId), sk: 'ORDER' }),
  payment: (paymentId: string) => ({ pk: k('PAYMENT', paymentId), sk: 'PAYMENT' }),
  /**
   * The supplier-order record of an order (issue 31), beside the order in its partition and keyed
   * by the order id alone: a shop order can never have two (db/fulfilment/supplier-order-items.ts).
   */
  supplierOrder: (orderId: string) => ({ pk: k('ORDER', orderId), sk: 'FULFIL' }),
  /** An order's refund records (one per admin request id) and their tally (db/orders/refund-items.ts). */
  refund: (orderId: string, refundId: string) => ({ pk: k('ORDER', orderId), sk: k('REFUND', refundId) }),
  refundPrefix: () => 'REFUND#',
  refundTally: (orderId: string) => ({ pk: k('ORDER', orderId), sk: 'REFUNDS' }),
  /** Idempotency-Key of a request, per user and route. */
  idempotency: (userId: string, scope: string, key: string) => ({
    pk: k('IDEMPOTENCY', userId, scope, key),
    sk: 'IDEMPOTENCY',
  }),
  /**
   * A paid invoice the shop did not expect is recorded once: `part` is 'PAID' (the whole invoice)
   * or 'EXCESS' (what an overpaid invoice brought above the price).
   */
  invoiceClaim: (invoiceId: string, part: 'PAID' | 'EXCESS') => ({
    pk: k('INVOICE', invoiceId),
    sk: k('UNEXPECTED', part),
  }),
  /**
   * A TrxID's claims across the whole shop: the requests naming it, and the one credited with it
   * (credited once; a rejected request's claim is released). db/wallet/trx-claim.ts.
   */
  trxId: (trxId: string) => ({ pk: k('TRXID', trxId.trim().toUpperCase()), sk: 'UNIQUE' }),
  /**
   * A parsed SMS naming the TrxID, beside the TrxID's claim in its partition: one consistent Query
   * of the partition reads the claim and every SMS naming it (db/payments/sms-items.ts).
   */
  trxIdSms: (trxId: string, smsId: string) => ({
    pk: k('TRXID', trxId.trim().toUpperCase()),
    sk: k('SMS', smsId),
  }),
  trxIdPartition: (trxId: string) => k('TRXID', trxId.trim().toUpperCase()),
  trxIdSmsPrefix: () => 'SMS#',

  // The SMS the shop's receiving phones forwarded (docs/sms-payments.md): one item per message,
  // keyed by a hash of the device and the forwarder's message id (a message is stored once).
  sms: (smsId: string) => ({ pk: k('SMS', smsId), sk: 'SMS' }),
  /** A receiving account's balance chain: the balance its last payment SMS reported. */
  balanceChain: (provider: string, number: string) => ({ pk: k('RECV', provider, number), sk: 'CHAIN' }),

  // Site content: one partition read by GET /api/site.
  site: () => 'SITE',
  slide: (slideId: string) => ({ pk: 'SITE', sk: k('SLIDE', slideId) }),
  announcement: (announcementId: string) => ({ pk: 'SITE', sk: k('ANNOUNCEMENT', announcementId) }),
  seo: (pagePath: string) => ({ pk: 'SITE', sk: k('SEO', pagePath) }),
  siteSettings: () => ({ pk: 'SITE', sk: 'SETTINGS' }),
  receivingAccounts: () => ({ pk: 'SITE', sk: 'RECEIVING_ACCOUNTS' }),
  // Shop pages in their own partition: GET /api/site reads all of SITE and should not carry them.
  page: (slug: string) => ({ pk: 'PAGES', sk: k('PAGE', slug) }),

  // Server-only configuration (never in the public SITE partition).
  gatewayConfig: () => ({ pk: 'CONFIG', sk: 'GATEWAY' }),
  /** Where the shop's alerts go and when stock counts as low (admin Notifications). */
  notifySettings: () => ({ pk: 'CONFIG', sk: 'NOTIFY' }),
  /**
   * Which player lookup provider the product page's Verify asks (admin API Setup). Its own
   * partition: the public product and lookup routes may read it, never the gateway's CONFIG.
   */
  playerLookup: () => ({ pk: 'CONFIG#PLAYERS', sk: 'CONFIG' }),
  /**
   * A supplier's settings from API Setup (base URL, partner id, the secret's facts; the secret is in
   * the secret store). Its own partition: the routes that call suppliers may read it, never CONFIG.
   */
  supplierConfig: (supplier: string) => ({ pk: 'CONFIG#SUPPLIERS', sk: supplier }),
  supplierConfigs: () => 'CONFIG#SUPPLIERS',

  // Supplier health (db/suppliers/supplier-health.ts): the streak of failed calls and the last
  // error, and one counter item per hour of calls by outcome (expires through the TTL).
  supplierHealth: (supplier: string) => ({ pk: k('SUPPLIER', supplier), sk: 'HEALTH' }),
  supplierCalls: (supplier: string, hour: string) => ({ pk: k('SUPPLIER', supplier), sk: k('CALLS', hour) }),
  supplierPartition: (supplier: string) => k('SUPPLIER', supplier),
  supplierCallsPrefix: () => 'CALLS#',
  /** One alert to the shop (a failing streak, a low balance): the notifier mails it once. */
  supplierAlert: (supplier: string, alertId: string) => ({
    pk: k('SUPPLIERALERT', supplier, alertId),
    sk: 'ALERT',
  }),
  /**
   * A supplier's answer to a player check, kept 5 minutes: the product page's repeated Verify and
   * the order that follows use it (with UniPin's validation token) instead of asking again.
   */
  playerCheck: (supplier: string, game: string, playerUid: string, zone: string) => ({
    pk: k('PLAYERCHECK', supplier, game, playerUid, zone),
    sk: 'CHECK',
  }),

  // Notifications: one item per message the notifier sends (its exactly-once guard and record).
  notice: (noticeId: string) => ({ pk: k('NOTICE', noticeId), sk: 'NOTICE' }),
  /** The shop's summary of one day (Asia/Dhaka), written once by the daily-summary job. */
  daySummary: (day: string) => ({ pk: k('SUMMARY', day), sk: 'SUMMARY' }),
  /** The reconciliation report of one day (Asia/Dhaka): replaced by each run (db/reconciliation). */
  reconReport: (day: string) => ({ pk: k('RECON', day), sk: 'REPORT' }),

  // Reseller callbacks: one item per order event (the transaction's conditional put keeps it to one).
  callback: (callbackId: string) => ({ pk: k('CALLBACK', callbackId), sk: 'CALLBACK' }),

  // Resellers: the account under the user's partition; each API key has its own item (found by id
  // on every signed request) and a pointer under the user's partition (the user's keys: one Query).
  reseller: (userId: string) => ({ pk: k('USER', userId), sk: 'RESELLER' }),
  resellerKey: (keyId: string) => ({ pk: k('RKEY', keyId), sk: 'RKEY' }),
  resellerKeyRef: (userId: string, keyId: string) => ({ pk: k('USER', userId), sk: k('RKEY', keyId) }),
  resellerKeyRefPrefix: () => 'RKEY#',
  /** A signed request's nonce, once per key (expires through the TTL after the signature window). */
  resellerNonce: (keyId: string, nonce: string) => ({ pk: k('RNONCE', keyId, nonce), sk: 'RNONCE' }),

  // The receiving phones' SMS device keys (docs/sms-forwarder.md): few, in one partition, so the
  // admin's list is one Query and the active-key count sits beside them; a nonce has its own item.
  smsDevices: () => 'SMSDEVICES',
  smsDevice: (deviceId: string) => ({ pk: 'SMSDEVICES', sk: k('DEVICE', deviceId) }),
  smsDevicePrefix: () => 'DEVICE#',
  smsDeviceCount: () => ({ pk: 'SMSDEVICES', sk: 'COUNT' }),
  /** A device's signed request's nonce (expires through the TTL after the signature window). */
  smsDeviceNonce: (deviceId: string, nonce: string) => ({ pk: k('SNONCE', deviceId, nonce), sk: 'SNONCE' }),

  // Promo codes: the code's partition holds its item, one use counter per customer and a link to
  // each order that used it (the admin's list of the code's orders: one Query).
  promo: (code: string) => ({ pk: k('PROMO', code), sk: 'PROMO' }),
  promoUse: (code: string, userId: string) => ({ pk: k('PROMO', code), sk: k('USE', userId) }),
  promoOrder: (code: string, createdAt: string, orderId: string) => ({
    pk: k('PROMO', code),
    sk: k('ORDER', timeKey(createdAt, orderId)),
  }),
  promoPartition: (code: string) => k('PROMO', code),
  promoOrderPrefix: () => 'ORDER#',

  // Background admin jobs: a long delete runs in slices and the admin polls its progress.
  job: (jobId: string) => ({ pk: k('JOB', jobId), sk: 'JOB' }),

  // Fixed-window rate limits (items expire through the TTL attribute).
  rateLimit: (scope: string, caller: string, window: string) => ({
    pk: k('RATE', scope, caller, window),
    sk: 'RATE',
  }),
};

/**
 * A shop-wide list that every order writes (all orders, orders by status, codes by status,
 * payments, the sweeper's queue) is split over this many index partitions, so a flash sale's
 * writes spread instead of queueing on one partition's tail; readers merge the partitions.
 */
export const LIST_SHARDS = 16;

/** The partition of a sharded list an item goes to: a hash of its id. */
export function listShard(id: string): number {
  return Number.parseInt(createHash('sha1').update(id).digest('hex').slice(0, 8), 16) % LIST_SHARDS;
}

const shardSuffix = (n: number) => String(n).padStart(2, '0');
const inShard = (list: string, id: string) => k(list, shardSuffix(listShard(id)));

/** Secondary-index keys. Only items that belong to a list carry that list's index keys. */
export const indexKeys = {
  // gsi1
  /**
   * Available codes of one stock shard of a variant (sparse: removed when the code leaves
   * `available`); sort keys: availableSortKeys.
   */
  availableCodes: (variantId: string, shard: number) => k('AVAILABLE', variantId, shard),
  /** A user's delivered codes, newest first (set on the code item at delivery). */
  userCodes: (userId: string) => k('USERCODES', userId),
  /** A user's orders, newest first. */
  userOrders: (userId: string) => k('USERORDERS', userId),
  /** A payment by the gateway's invoice id. */
  invoice: (invoiceId: string) => k('INVOICE', invoiceId),
  /** A user's manual TrxID top-up requests, newest first (payments work). */
  userManualTopups: (userId: string) => k('USERMANUAL', userId),
  /** A profile by email (lower case). */
  email: (email: string) => k('EMAIL', email.trim().toLowerCase()),

  // gsi2: admin lists, newest first. Lists every order writes are split over LIST_SHARDS partitions.
  allOrders: (orderId: string) => inShard('ORDERS', orderId),
  allPayments: (paymentId: string) => inShard('PAYMENTS', paymentId),
  allUsers: () => 'USERS',
  allCodes: () => 'CODES',
  /** Every SMS the shop's phones forwarded, newest first (admin SMS inbox). */
  allSms: () => 'SMS',

  // gsi3: lists by status and work queues
  ordersByStatus: (status: string, orderId: string) => inShard(k('ORDERS', status), orderId),
  codesByStatus: (status: string, codeId: string) => inShard(k('CODES', status), codeId),
  /** Gateway payments still pending, by next check / hold expiry (the sweeper's queue). */
  pendingGatewayPayments: (paymentId: string) => inShard('PAYMENTS#GATEWAY_PENDING', paymentId),
  /** Manual TrxID top-up requests by status (admin review queue). */
  manualTopups: (status: string) => k('MANUAL', status),
  /** Admin jobs still running, oldest first (the job worker's queue; removed when a job ends). */
  runningJobs: () => 'JOBS#RUNNING',
  /** Reseller accounts, newest first (admin list). */
  resellers: () => 'RESELLERS',
  /** Promo codes, newest first (admin Promotions). */
  allPromos: () => 'PROMOS',
  /** Supplier orders the fulfilment job must look at (send, inquire), by next check (issue 31). */
  dueFulfilments: (orderId: string) => inShard('FULFIL#DUE', orderId),
  /** Orders in the operator's Fulfilment queue, oldest first. */
  queuedFulfilments: () => 'FULFIL#QUEUED',
  /** Reseller callbacks to send, by next attempt (the retry job's queue; removed once delivered or failed). */
  dueCallbacks: (callbackId: string) => inShard('CALLBACKS#DUE', callbackId),
  /** A reseller's pending callbacks that wait for a callback URL, oldest first. */
  waitingCallbacks: (resellerId: string) => k('CALLBACKS#WAITING', resellerId),

  // gsi1 (continued)
  /** A reseller's callbacks, newest first. */
  resellerCallbacks: (resellerId: string) => k('RESELLERCALLBACKS', resellerId),
};

/** A list served by an index: which index, and the partition queried. */
export interface IndexList {
  index: IndexName;
  pk: string;
}
const on =
  <A extends unknown[]>(index: IndexName, pk: (...args: A) => string) =>
  (...args: A): IndexList => ({ index, pk: pk(...args) });

/** A sharded list: its index and every partition, which readers merge (newest first). */
export interface ShardedList {
  index: IndexName;
  pks: string[];
}
const allShards =
  <A extends unknown[]>(index: IndexName, list: (...args: A) => string) =>
  (...args: A): ShardedList => ({
    index,
    pks: Array.from({ length: LIST_SHARDS }, (_, n) => k(list(...args), shardSuffix(n))),
  });

/** Every index list with its index, paired here once (callers never name an index themselves). */
export const lists = {
  availableCodes: on('gsi1', indexKeys.availableCodes),
  userCodes: on('gsi1', indexKeys.userCodes),
  userOrders: on('gsi1', indexKeys.userOrders),
  invoice: on('gsi1', indexKeys.invoice),
  userManualTopups: on('gsi1', indexKeys.userManualTopups),
  email: on('gsi1', indexKeys.email),
  allUsers: on('gsi2', indexKeys.allUsers),
  allCodes: on('gsi2', indexKeys.allCodes),
  allSms: on('gsi2', indexKeys.allSms),
  manualTopups: on('gsi3', indexKeys.manualTopups),
  runningJobs: on('gsi3', indexKeys.runningJobs),
  resellers: on('gsi2', indexKeys.resellers),
  allPromos: on('gsi2', indexKeys.allPromos),
  resellerCallbacks: on('gsi1', indexKeys.resellerCallbacks),
  waitingCallbacks: on('gsi3', indexKeys.waitingCallbacks),
  queuedFulfilments: on('gsi3', indexKeys.queuedFulfilments),
};

/** The sharded lists: every partition of each (writers use indexKeys with the item's id). */
export const shardedLists = {
  allOrders: allShards('gsi2', () => 'ORDERS'),
  allPayments: allShards('gsi2', () => 'PAYMENTS'),
  ordersByStatus: allShards('gsi3', (status: string) => k('ORDERS', status)),
  codesByStatus: allShards('gsi3', (status: string) => k('CODES', status)),
  pendingGatewayPayments: allShards('gsi3', () => 'PAYMENTS#GATEWAY_PENDING'),
  dueCallbacks: allShards('gsi3', () => 'CALLBACKS#DUE'),
  dueFulfilments: allShards('gsi3', () => 'FULFIL#DUE'),
};

/**
 * The Query input that reads a list: its index and partition, and optionally a condition on the
 * index's sort key written with `#sk`, e.g. `{ sk: '#sk BETWEEN :from AND :until', values }`.
 */
export function listQuery(list: IndexList, opts: { sk?: string; values?: Record<string, unknown> } = {}) {
  return {
    IndexName: list.index,
    KeyConditionExpression: opts.sk ? `#pk = :pk AND ${opts.sk}` : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': `${list.index}pk`, ...(opts.sk && { '#sk': `${list.index}sk` }) },
    ExpressionAttributeValues: { ':pk': list.pk, ...opts.values },
  };
}

/**
 * Sort keys of a stock shard's available list: a code with a ticket sorts under `T#<index>` (so
 * the sweeper finds codes whose ticket was handed out but never used, below the shard's `taken`);
 * a code back in stock without a ticket yet (a released hold) under `R#<id>`.
 */
export const availableSortKeys = {
  ticketed: (index: number) => k('T', String(index).padStart(10, '0')),
  returned: (codeId: string) => k('R', codeId),
  firstTicketed: k('T', ''),
};

/** `<iso timestamp>#<id>`: sorts by time, unique by id. */
export const timeKey = (isoTime: string, id: string) => k(isoTime, id);
