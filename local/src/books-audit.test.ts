import { describe, expect, it } from 'vitest';
import { booksProblems, type AuditedItem } from './books-audit';

/** A shard that handed out `taken` of its `tickets`. */
const counter = (variant: string, tickets: number, taken = 0, shard = 0): AuditedItem => ({
  pk: `VARIANT#${variant}`,
  sk: 'STOCK',
  variant_id: variant,
  stock_shard: shard,
  tickets,
  taken,
});
const code = (variant: string, ticket?: number, status = 'available', shard = 0): AuditedItem => ({
  type: 'code',
  variant_id: variant,
  status,
  stock_shard: shard,
  ...(ticket !== undefined && { ticket }),
});
const profile = (id: string, balance: number): AuditedItem => ({ type: 'profile', id, balance });
const ledger = (user: string, amount: number): AuditedItem => ({ type: 'ledger', user_id: user, amount });

describe('the books check', () => {
  it('passes balanced books', () => {
    const items = [
      counter('v1', 3, 1),
      code('v1', 1),
      code('v1', 2),
      code('v1', undefined, 'sold'),
      // Back from a hold, not numbered yet; and one whose ticket was handed out: neither sells.
      code('v1'),
      code('v1', 0),
      profile('u1', 700),
      ledger('u1', 1000),
      ledger('u1', -300),
      profile('u2', 0),
    ];
    expect(booksProblems(items)).toEqual([]);
  });

  it('names each broken invariant: tickets off, a ticket twice, a missing counter, a balance off its ledger, a negative balance', () => {
    const items = [
      counter('v1', 3),
      code('v1', 0),
      code('v2', 0, 'available', 1),
      counter('v3', 2),
      code('v3', 1),
      code('v3', 1),
      profile('u1', 500),
      ledger('u1', 400),
      profile('u2', -100),
      ledger('u2', -100),
    ];
    expect(booksProblems(items)).toEqual([
      'stock of VARIANT#v1: 3 tickets left, 1 available codes numbered',
      'stock of VARIANT#v3: a ticket names two codes',
      'counter of v2#1: missing (1 available codes)',
      'balance of u1: 500, ledger sum 400',
      'balance of u2: negative (-100)',
    ]);
  });

  it('accounts for every paid invoice to the poisha', () => {
    const payment = { type: 'payment', invoice_id: 'inv1', status: 'completed', amount: 15_000 };
    expect(booksProblems([payment], [{ invoice_id: 'inv1', amount: '150.00' }])).toEqual([]);
    expect(
      booksProblems([payment], [{ invoice_id: 'inv1', amount: '150.00', paid_amount: '150.50' }]),
    ).toEqual(['paid invoice inv1: 15050 poisha paid, 15000 accounted for']);
  });
});
