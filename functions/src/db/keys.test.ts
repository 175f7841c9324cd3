import { describe, expect, it } from 'vitest';
import {
  availableSortKeys,
  indexKeys,
  keys,
  LIST_SHARDS,
  listQuery,
  lists,
  listShard,
  shardedLists,
  timeKey,
} from './keys';

/** One expectation per row of the access-pattern table in docs/data-model.md. */
describe('main-table keys', () => {
  it.each([
    ['catalog partition', keys.catalog(), 'CATALOG'],
    ['product', keys.product('P1'), { pk: 'CATALOG', sk: 'PRODUCT#P1' }],
    ['variant', keys.variant('P1', 'V1'), { pk: 'CATALOG', sk: 'PRODUCT#P1#VARIANT#V1' }],
    ['product prefix', keys.productPrefix('P1'), 'PRODUCT#P1'],
    ['category', keys.category('Free Fire'), { pk: 'CATALOG', sk: 'CATEGORY#Free Fire' }],
    ['category prefix', keys.categoryPrefix(), 'CATEGORY#'],
    ['variant pointer', keys.variantRef('V1'), { pk: 'VARIANT#V1', sk: 'REF' }],
    ['code', keys.code('V1', 'C1'), { pk: 'VARCODES#V1', sk: 'CODE#C1' }],
    ['codes of a variant', keys.variantCodes('V1'), 'VARCODES#V1'],
    ['code uniqueness', keys.codeUnique('ab12'), { pk: 'CODESTR#ab12', sk: 'UNIQUE' }],
    ['user partition', keys.user('U1'), 'USER#U1'],
    ['profile', keys.profile('U1'), { pk: 'USER#U1', sk: 'PROFILE' }],
    ['ledger entry', keys.ledgerEntry('U1', 'L1'), { pk: 'USER#U1', sk: 'LEDGER#L1' }],
    ['ledger prefix', keys.ledgerPrefix(), 'LEDGER#'],
    ['waiting TrxID requests', keys.manualPending('U1'), { pk: 'USER#U1', sk: 'MANUAL_PENDING' }],
    [
      'saved player (zone)',
      keys.savedPlayer('U1', 'P1', '12345678', '2201'),
      { pk: 'USER#U1', sk: 'PLAYER#P1#12345678#2201' },
    ],
    [
      'saved player (no zone)',
      keys.savedPlayer('U1', 'P1', '12345678', ''),
      { pk: 'USER#U1', sk: 'PLAYER#P1#12345678#' },
    ],
    ['saved players prefix', keys.savedPlayerPrefix(), 'PLAYER#'],
    ['order', keys.order('O1'), { pk: 'ORDER#O1', sk: 'ORDER' }],
    ['payment', keys.payment('PAY1'), { pk: 'PAYMENT#PAY1', sk: 'PAYMENT' }],
    [
      'idempotency key',
      keys.idempotency('U1', 'orders', 'k-1'),
      { pk: 'IDEMPOTENCY#U1#orders#k-1', sk: 'IDEMPOTENCY' },
    ],
    [
      'TrxID uniqueness (trimmed, upper case)',
      keys.trxId(' 8n7a6b5c '),
      { pk: 'TRXID#8N7A6B5C', sk: 'UNIQUE' },
    ],
    ['SMS naming a TrxID', keys.trxIdSms(' 8n7a6b5c ', 'S1'), { pk: 'TRXID#8N7A6B5C', sk: 'SMS#S1' }],
    ['TrxID partition', keys.trxIdPartition('8n7a'), 'TRXID#8N7A'],
    ['SMS pointers prefix', keys.trxIdSmsPrefix(), 'SMS#'],
    ['forwarded SMS', keys.sms('S1'), { pk: 'SMS#S1', sk: 'SMS' }],
    [
      'balance chain',
      keys.balanceChain('bkash', '01711111111'),
      { pk: 'RECV#bkash#01711111111', sk: 'CHAIN' },
    ],
    ['site partition', keys.site(), 'SITE'],
    ['hero slide', keys.slide('S1'), { pk: 'SITE', sk: 'SLIDE#S1' }],
    ['announcement', keys.announcement('A1'), { pk: 'SITE', sk: 'ANNOUNCEMENT#A1' }],
    ['SEO row by page path', keys.seo('/product/P1'), { pk: 'SITE', sk: 'SEO#/product/P1' }],
    ['site settings', keys.siteSettings(), { pk: 'SITE', sk: 'SETTINGS' }],
    ['gateway config', keys.gatewayConfig(), { pk: 'CONFIG', sk: 'GATEWAY' }],
    ['notification settings', keys.notifySettings(), { pk: 'CONFIG', sk: 'NOTIFY' }],
    ['player lookup provider', keys.playerLookup(), { pk: 'CONFIG#PLAYERS', sk: 'CONFIG' }],
    ['reseller account', keys.reseller('U1'), { pk: 'USER#U1', sk: 'RESELLER' }],
    [
      'reseller callback',
      keys.callback('O1-completed-ab'),
      { pk: 'CALLBACK#O1-completed-ab', sk: 'CALLBACK' },
    ],
    ['reseller API key', keys.resellerKey('rk_1'), { pk: 'RKEY#rk_1', sk: 'RKEY' }],
    ['reseller key pointer', keys.resellerKeyRef('U1', 'rk_1'), { pk: 'USER#U1', sk: 'RKEY#rk_1' }],
    ['reseller key pointer prefix', keys.resellerKeyRefPrefix(), 'RKEY#'],
    ['reseller nonce', keys.resellerNonce('rk_1', 'n0nce'), { pk: 'RNONCE#rk_1#n0nce', sk: 'RNONCE' }],
    ['promo code', keys.promo('EID-25'), { pk: 'PROMO#EID-25', sk: 'PROMO' }],
    ["a buyer's uses of a promo code", keys.promoUse('EID-25', 'U1'), { pk: 'PROMO#EID-25', sk: 'USE#U1' }],
    [
      'an order that used a promo code',
      keys.promoOrder('EID-25', '2026-11-22T10:00:00.000Z', 'O1'),
      { pk: 'PROMO#EID-25', sk: 'ORDER#2026-11-22T10:00:00.000Z#O1' },
    ],
    ['promo code partition', keys.promoPartition('EID-25'), 'PROMO#EID-25'],
    ["a promo code's orders prefix", keys.promoOrderPrefix(), 'ORDER#'],
    [
      'rate limit window',
      keys.rateLimit('lookup', '1.2.3.4', '202611212230'),
      { pk: 'RATE#lookup#1.2.3.4#202611212230', sk: 'RATE' },
    ],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('a variant sorts under its product, so one begins_with Query reads both', () => {
    expect(keys.variant('P1', 'V1').sk.startsWith(keys.productPrefix('P1'))).toBe(true);
    expect(keys.product('P1').sk.startsWith(keys.productPrefix('P1'))).toBe(true);
    expect(keys.product('P1').pk).toBe(keys.catalog());
  });

  it('a profile and its ledger share the user partition; ledger entries sort by prefix', () => {
    expect(keys.profile('U1').pk).toBe(keys.ledgerEntry('U1', 'x').pk);
    expect(keys.ledgerEntry('U1', 'x').sk.startsWith(keys.ledgerPrefix())).toBe(true);
    expect(keys.profile('U1').sk.startsWith(keys.ledgerPrefix())).toBe(false);
  });

  it('partition prefixes of different entities never collide', () => {
    const pks = [
      keys.variantRef('X').pk,
      keys.code('X', 'Y').pk,
      keys.codeUnique('X').pk,
      keys.profile('X').pk,
      keys.order('X').pk,
      keys.payment('X').pk,
      keys.idempotency('X', 'Y', 'Z').pk,
      keys.trxId('X').pk,
      keys.rateLimit('X', 'Y', 'Z').pk,
      keys.catalog(),
      keys.site(),
      keys.gatewayConfig().pk,
      keys.promo('X').pk,
    ];
    expect(new Set(pks).size).toBe(pks.length);
  });
});

describe('index keys', () => {
  it.each([
    [
      'gsi1 available codes of a stock shard of a variant',
      indexKeys.availableCodes('V1', 3),
      'AVAILABLE#V1#3',
    ],
    ['gsi1 delivered codes of a user', indexKeys.userCodes('U1'), 'USERCODES#U1'],
    ['gsi1 callbacks of a reseller', indexKeys.resellerCallbacks('U1'), 'RESELLERCALLBACKS#U1'],
    ['gsi3 callbacks waiting for a URL', indexKeys.waitingCallbacks('U1'), 'CALLBACKS#WAITING#U1'],
    ['gsi1 orders of a user', indexKeys.userOrders('U1'), 'USERORDERS#U1'],
    ['gsi1 payment by invoice id', indexKeys.invoice('INV1'), 'INVOICE#INV1'],
    ['gsi1 manual top-ups of a user', indexKeys.userManualTopups('U1'), 'USERMANUAL#U1'],
    [
      'gsi1 profile by email (lower case, trimmed)',
      indexKeys.email(' Rahim@Example.COM '),
      'EMAIL#rahim@example.com',
    ],
    ['gsi2 all users', indexKeys.allUsers(), 'USERS'],
    ['gsi2 resellers', indexKeys.resellers(), 'RESELLERS'],
    ['gsi2 all codes', indexKeys.allCodes(), 'CODES'],
    ['gsi2 all SMS', indexKeys.allSms(), 'SMS'],
    ['gsi2 all promo codes', indexKeys.allPromos(), 'PROMOS'],
    ['gsi3 manual top-ups by status', indexKeys.manualTopups('pending'), 'MANUAL#pending'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  // The lists every order writes: one partition per item, chosen by a hash of its id.
  it.each([
    ['gsi2 all orders', (id: string) => indexKeys.allOrders(id), 'ORDERS'],
    ['gsi2 all payments', (id: string) => indexKeys.allPayments(id), 'PAYMENTS'],
    ['gsi3 orders by status', (id: string) => indexKeys.ordersByStatus('pending', id), 'ORDERS#pending'],
    ['gsi3 codes by status', (id: string) => indexKeys.codesByStatus('available', id), 'CODES#available'],
    [
      'gsi3 pending gateway payments',
      (id: string) => indexKeys.pendingGatewayPayments(id),
      'PAYMENTS#GATEWAY_PENDING',
    ],
    ['gsi3 callbacks due', (id: string) => indexKeys.dueCallbacks(id), 'CALLBACKS#DUE'],
  ])('%s: <list>#<two-digit shard of the id>', (_name, build, list) => {
    const id = '01JD5Z8Q9X7V6T5R4P3N2M1K0H';
    const shard = listShard(id);
    expect(build(id)).toBe(`${list}#${String(shard).padStart(2, '0')}`);
    expect(build(id)).toBe(build(id));
  });

  it('listShard is stable and spreads ids over every partition', () => {
    const ids = Array.from({ length: 16_000 }, (_, i) => `01JD5Z8Q9X${String(i).padStart(16, '0')}`);
    const perShard = new Array<number>(LIST_SHARDS).fill(0);
    for (const id of ids) {
      const shard = listShard(id);
      expect(Number.isInteger(shard) && shard >= 0 && shard < LIST_SHARDS).toBe(true);
      perShard[shard]!++;
    }
    // A thousand per partition on average: a fair hash keeps each within 15 % of that.
    for (const n of perShard) expect(Math.abs(n - 1000)).toBeLessThan(150);
    expect(listShard(ids[0]!)).toBe(listShard(ids[0]!));
  });

  it('timeKey sorts by time, then id', () => {
    const a = timeKey('2026-11-21T10:00:00.000Z', 'B');
    const b = timeKey('2026-11-21T10:00:00.001Z', 'A');
    const c = timeKey('2026-11-21T10:00:00.001Z', 'B');
    expect(a).toBe('2026-11-21T10:00:00.000Z#B');
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });

  it('a stock shard, its tickets and its sold-out marks: each shard and each mark a partition of its own', () => {
    expect(keys.stockShard('v', 3)).toEqual({ pk: 'STOCK#v#3', sk: 'STOCK' });
    expect(keys.ticket('v', 3, 42)).toEqual({ pk: 'TICKETS#v#3', sk: '0000000042' });
    expect(keys.soldOut('v', 5, 3)).toEqual({ pk: 'SOLDOUT#v#3#5', sk: 'SOLDOUT' });
    expect(keys.restock('v', 3, 'C1')).toEqual({ pk: 'RESTOCK', sk: 'v#3#C1' });
    expect(keys.salesCount('p', '2026-12-02', 'v', 'O1')).toEqual({
      pk: 'SALES#p',
      sk: 'DAY#2026-12-02#v#O1',
    });
  });

  it('available list: numbered codes in ticket order, after codes back from a hold', () => {
    const numbered = [0, 9, 10, 123_456].map((n) => availableSortKeys.ticketed(n));
    // Sorted as numbers: the sweeper reads 'every code below ticket N' as one range.
    expect([...numbered].sort()).toEqual(numbered);
    for (const key of numbered) expect(key >= availableSortKeys.firstTicketed).toBe(true);
    expect(availableSortKeys.returned('01A') < availableSortKeys.firstTicketed).toBe(true);
    expect(keys.ticket('v', 3, 42).sk).toBe('0000000042');
  });
});

describe('index lists', () => {
  it('pair every list with its index and build its key condition', () => {
    expect(lists.userOrders('sub-1')).toEqual({ index: 'gsi1', pk: indexKeys.userOrders('sub-1') });
    expect(lists.allUsers()).toEqual({ index: 'gsi2', pk: 'USERS' });
    expect(lists.manualTopups('pending')).toEqual({ index: 'gsi3', pk: 'MANUAL#pending' });
    expect(listQuery(lists.email('A@b.com'), { sk: '#sk = :sk', values: { ':sk': 'PROFILE' } })).toEqual({
      IndexName: 'gsi1',
      KeyConditionExpression: '#pk = :pk AND #sk = :sk',
      ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
      ExpressionAttributeValues: { ':pk': 'EMAIL#a@b.com', ':sk': 'PROFILE' },
    });
  });
});

describe('sharded lists', () => {
  it('name every partition once, the one each writer picks among them', () => {
    const cases = [
      [shardedLists.allOrders(), 'gsi2', (id: string) => indexKeys.allOrders(id)],
      [shardedLists.allPayments(), 'gsi2', (id: string) => indexKeys.allPayments(id)],
      [
        shardedLists.ordersByStatus('completed'),
        'gsi3',
        (id: string) => indexKeys.ordersByStatus('completed', id),
      ],
      [
        shardedLists.codesByStatus('delivered'),
        'gsi3',
        (id: string) => indexKeys.codesByStatus('delivered', id),
      ],
      [shardedLists.pendingGatewayPayments(), 'gsi3', (id: string) => indexKeys.pendingGatewayPayments(id)],
      [shardedLists.dueCallbacks(), 'gsi3', (id: string) => indexKeys.dueCallbacks(id)],
    ] as const;
    for (const [list, index, writerKey] of cases) {
      expect(list.index).toBe(index);
      expect(list.pks).toHaveLength(LIST_SHARDS);
      expect(new Set(list.pks).size).toBe(LIST_SHARDS);
      for (const id of ['a', 'b', 'c', '01JD5Z8Q9X7V6T5R4P3N2M1K0H'])
        expect(list.pks).toContain(writerKey(id));
    }
    expect(shardedLists.ordersByStatus('pending').pks[0]).toBe('ORDERS#pending#00');
    expect(shardedLists.allOrders().pks[15]).toBe('ORDERS#15');
    // Another status is another list: no partition is shared.
    const pending = new Set(shardedLists.ordersByStatus('pending').pks);
    expect(shardedLists.ordersByStatus('completed').pks.some((pk) => pending.has(pk))).toBe(false);
  });
});
