import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { db as sharedDb, type Db } from '../src/db/client';
import { auditPartition } from '../src/db/audit/audit-entry';
import { inAuditScope } from '../src/db/audit/audit-scope';
import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { balanceOf, ledgerSum, seedProfile } from './commerce-fixtures';

/**
 * Issue 34's audit trail: each write an admin call makes goes out in one transaction with its
 * audit entry (db/audit/audited-writes.ts). These cases read what an entry says, and show that a
 * failed entry takes the action with it. Every admin route is walked in audit-walk.int.test.ts.
 */
let db: Db;
let n = 36_000;
const today = () => dhakaDay(new Date());

async function entries(): Promise<Array<Record<string, unknown>>> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': auditPartition(today()) },
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

async function buyerWith(balance: number) {
  const u = customer(n++);
  await seedProfile(db, u, balance);
  return u;
}

/** An admin call's scope, as kit/admin-handler.ts opens one, for writes made here directly. */
const callScope = {
  callId: 'c',
  at: new Date().toISOString(),
  actorId: admin.userId,
  actorEmail: admin.email,
  ip: '127.0.0.1',
  requestId: 'r',
  action: 'test',
  summary: 'test',
  method: 'POST',
  path: '/api/admin/test',
  request: {},
  writes: 0,
};

const credit = (userId: string, amount: number) =>
  invoke('adminWalletAdjustment', {
    as: admin,
    sourceIp: '203.0.113.34',
    body: { user_id: userId, type: 'credit', amount, note: 'Goodwill for a late code' },
  });

beforeAll(async () => {
  db = await freshTable('audit');
});

describe('an admin call and its audit entry', () => {
  it('records who, from where, what was asked, and each item before and after, in one call', async () => {
    const u = await buyerWith(5_000);
    const before = await entries();
    const res = await credit(u.userId, 2_500);
    expect(res.status).toBe(201);
    const added = (await entries()).filter((e) => !before.some((b) => b.sk === e.sk));
    expect(new Set(added.map((e) => e.call_id)).size).toBe(1);
    const entry = added[0]!;
    expect(entry).toMatchObject({
      actor_id: admin.userId,
      actor_email: admin.email,
      ip: '203.0.113.34',
      action: 'admin-commerce/wallet-adjustment',
      method: 'POST',
      path: '/api/admin/wallet/adjustments',
      request: {
        body: { user_id: u.userId, type: 'credit', amount: 2_500, note: 'Goodwill for a late code' },
      },
    });
    const changes = added.flatMap((e) => e.changes as Array<Record<string, unknown>>);
    const profile = changes.find((c) => c.pk === `USER#${u.userId}` && c.sk === 'PROFILE');
    expect(profile?.before).toMatchObject({ balance: 5_000 });
    expect(JSON.stringify(profile?.after)).toContain('balance');
    expect(changes.some((c) => String(c.sk).startsWith('LEDGER#') && c.op === 'put')).toBe(true);
    expect(await balanceOf(db, u.userId)).toBe(7_500);
  });

  it('writes nothing, entry or action, for a refused call', async () => {
    const u = await buyerWith(100);
    const before = await entries();
    const res = await invoke('adminWalletAdjustment', {
      as: admin,
      body: { user_id: u.userId, type: 'debit', amount: 500 },
    });
    expect(res.status).toBe(422);
    expect(await entries()).toEqual(before);
    expect(await balanceOf(db, u.userId)).toBe(100);
  });

  it('lists the day newest first, filtered by admin and action, in cursor pages', async () => {
    const u = await buyerWith(0);
    for (const amount of [100, 200, 300]) expect((await credit(u.userId, amount)).status).toBe(201);
    const list = (query: Record<string, string>) => invoke('adminListAudit', { as: admin, query });
    const byAction = await list({ action: 'admin-commerce/wallet-adjustment', limit: '100' });
    expect(byAction.status).toBe(200);
    // The entry as the contract shows it: not the item's keys or internals.
    expect(byAction.body.items[0]).not.toHaveProperty('pk');
    expect(byAction.body.items[0]).not.toHaveProperty('request_id');
    const ats = byAction.body.items.map((e: { at: string }) => e.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(
      byAction.body.items.every((e: { action: string }) => e.action === 'admin-commerce/wallet-adjustment'),
    ).toBe(true);
    expect((await list({ actor: 'nobody@example.com' })).body.items).toEqual([]);
    expect((await list({ actor: 'admin@' })).body.items.length).toBeGreaterThan(0);
    const first = await list({ limit: '1' });
    expect(first.body.items).toHaveLength(1);
    const second = await list({ limit: '1', cursor: first.body.cursor });
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    expect((await list({ day: '2020-01-01' })).body).toEqual({ items: [], cursor: null });
    expect((await list({ day: '2020-13-45' })).status).toBe(400);
  });
});

describe('an entry that cannot be written takes its action with it', () => {
  let undo: (() => void) | undefined;
  afterEach(() => undo?.());

  /**
   * Make the audit entry's own write fail for real: the handlers' DynamoDB client gets the entry's
   * condition turned into one DynamoDB refuses, so the table cancels the whole transaction.
   */
  function failAuditEntries(doc: DynamoDBDocumentClient) {
    const name = 'failAuditEntry';
    doc.middlewareStack.add(
      (next) => async (args) => {
        const items = (args.input as { TransactItems?: Array<{ Put?: Record<string, unknown> }> })
          .TransactItems;
        for (const item of items ?? []) {
          const pk = (item.Put?.Item as { pk?: unknown } | undefined)?.pk;
          const text = typeof pk === 'string' ? pk : (pk as { S?: string } | undefined)?.S;
          if (text?.startsWith('AUDIT#')) item.Put!.ConditionExpression = 'attribute_exists(pk)';
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    undo = () => doc.middlewareStack.remove(name);
  }

  it('a wallet credit is not made when its entry fails, and the books stay whole', async () => {
    const u = await buyerWith(1_000);
    const before = await entries();
    const ledger = await ledgerSum(db, u.userId);
    failAuditEntries(sharedDb().doc);
    const res = await credit(u.userId, 4_000);
    expect(res.status).toBe(500);
    undo!();
    undo = undefined;
    expect(await entries()).toEqual(before);
    expect(await balanceOf(db, u.userId)).toBe(1_000);
    expect(await ledgerSum(db, u.userId)).toBe(ledger);
    // The same call with the entry written goes through: the failure above was the entry's alone.
    expect((await credit(u.userId, 4_000)).status).toBe(201);
    expect(await balanceOf(db, u.userId)).toBe(5_000);
  });
});

describe('audit entries are never changed or deleted', () => {
  it('an entry is never overwritten: a write that would take its key is refused, and its action with it', async () => {
    const u = await buyerWith(0);
    expect((await credit(u.userId, 100)).status).toBe(201);
    const shop = sharedDb();
    // Two calls that would write the same entry key (the same call id, time and sequence).
    const scope = () => ({ ...callScope, callId: `same-${u.userId}`, writes: 0 });
    const profile = { pk: `USER#${u.userId}`, sk: 'PROFILE' };
    const setNote = (note: string) =>
      shop.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: profile,
          UpdateExpression: 'SET audit_probe = :n',
          ExpressionAttributeValues: { ':n': note },
        }),
      );
    await inAuditScope(scope(), () => setNote('first'));
    const [entry] = (await entries()).filter((e) => e.call_id === `same-${u.userId}`);
    expect(entry?.changes).toEqual([expect.objectContaining({ after: { audit_probe: 'first' } })]);
    await expect(inAuditScope(scope(), () => setNote('second'))).rejects.toThrow(
      /audit entry could not be written/,
    );
    expect((await entries()).filter((e) => e.call_id === `same-${u.userId}`)).toEqual([entry]);
    const stored = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: profile, ConsistentRead: true }),
    );
    expect(stored.Item?.audit_probe).toBe('first');
  });

  it('refuses a write that names an audit key, in an admin call or not', async () => {
    const u = await buyerWith(0);
    expect((await credit(u.userId, 100)).status).toBe(201);
    const entry = (await entries())[0]!;
    // The handlers' client, which the admin call above set up to audit.
    const shop = sharedDb();
    const tamper = () =>
      shop.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: { pk: entry.pk, sk: entry.sk },
          UpdateExpression: 'SET actor_email = :e',
          ExpressionAttributeValues: { ':e': 'someone@else.example' },
        }),
      );
    await expect(tamper()).rejects.toThrow(/audit entries are written only/);
    await expect(inAuditScope({ ...callScope }, tamper)).rejects.toThrow(/audit entries are written only/);
    expect((await entries()).find((e) => e.sk === entry.sk)).toEqual(entry);
  });
});
