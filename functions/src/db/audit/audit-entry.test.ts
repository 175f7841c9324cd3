import { describe, expect, it } from 'vitest';
import { auditEntryItem, masked, resolvedUpdate } from './audit-entry';

describe('resolvedUpdate', () => {
  it('names what an update sets, adds and removes, with names and values resolved', () => {
    expect(
      resolvedUpdate({
        UpdateExpression:
          'SET #s = :s, balance = if_not_exists(balance, :zero) + :d, #u = :t ADD uses :one REMOVE lease_owner, #l DELETE tags :gone',
        ExpressionAttributeNames: { '#s': 'status', '#u': 'updated_at', '#l': 'lease' },
        ExpressionAttributeValues: {
          ':s': 'refunded',
          ':zero': 0,
          ':d': 500,
          ':t': 'T',
          ':one': 1,
          ':gone': ['a'],
        },
      }),
    ).toEqual({
      after: {
        status: 'refunded',
        balance: 'if_not_exists(balance, 0) + 500',
        updated_at: 'T',
        uses: { add: 1 },
      },
      removed: ['lease_owner', 'lease', 'tags ["a"]'],
    });
  });
});

describe('masked', () => {
  it('hides codes and secrets, cuts long texts and lists, keeps the rest', () => {
    const out = masked({
      code: 'FF-1234-5678-9012',
      api_key: 'k',
      gateway: { secret_arn: 'arn', enabled: true },
      note: 'x'.repeat(400),
      codes: ['a', 'b'],
      list: Array.from({ length: 25 }, (_, i) => i),
      amount: 500,
      revoked: false,
    }) as Record<string, unknown>;
    expect(out.code).toBe('***');
    expect(out.api_key).toBe('***');
    expect(out.codes).toBe('***');
    expect(out.gateway).toEqual({ secret_arn: '***', enabled: true });
    expect(out.note).toMatch(/^x{300}… \(400 characters\)$/);
    expect(out.list).toHaveLength(21);
    expect((out.list as unknown[])[20]).toBe('… 5 more');
    expect(out.amount).toBe(500);
    expect(out.revoked).toBe(false);
  });
});

describe('auditEntryItem', () => {
  const scope = {
    callId: '01CALL',
    at: '2026-12-01T19:30:00.000Z',
    actorId: 'a',
    actorEmail: 'a@example.com',
    ip: '203.0.113.1',
    requestId: 'r',
    action: 'admin-commerce/wallet-adjustment',
    summary: 's',
    method: 'POST',
    path: '/api/admin/wallet/adjustments',
    request: {},
    writes: 0,
  };

  it("keys an entry by the call's Dhaka day, time, call and sequence", () => {
    const item = auditEntryItem(scope, 2, []);
    // 19:30 UTC is 01:30 the next day in Dhaka.
    expect(item.pk).toBe('AUDIT#2026-12-02');
    expect(item.sk).toBe('2026-12-01T19:30:00.000Z#01CALL#002');
  });

  it('lists 25 changes and counts the rest; keeps only keys when the values would not fit an item', () => {
    const change = (i: number) => ({
      op: 'put' as const,
      pk: `P${i}`,
      sk: 'S',
      before: null,
      after: Object.fromEntries(Array.from({ length: 50 }, (_, k) => [`a${k}`, 'y'.repeat(290)])),
    });
    const item = auditEntryItem(
      scope,
      1,
      Array.from({ length: 30 }, (_, i) => change(i)),
    );
    expect(item.more_changes).toBe(5);
    const changes = item.changes as Array<Record<string, unknown>>;
    expect(changes).toHaveLength(25);
    expect(changes[0]).toEqual({ op: 'put', pk: 'P0', sk: 'S', before: null, after: null });
    expect(JSON.stringify(item).length).toBeLessThan(400_000);
  });
});
