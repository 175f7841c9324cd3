import { describe, expect, it, vi } from 'vitest';
import { auditCsv, dhakaToday, diffLines, fetchAllAudit, filtersFrom, groupByCall } from './audit-data';
import { auditEntry } from './audit-test-entries';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const { call: callMock, resetAfterEach } = await import('../test-api-mock');
resetAfterEach();

describe('the audit day', () => {
  it('is the Asia/Dhaka day: UTC+6', () => {
    expect(dhakaToday(Date.parse('2026-11-26T17:59:59Z'))).toBe('2026-11-26');
    expect(dhakaToday(Date.parse('2026-11-26T18:00:00Z'))).toBe('2026-11-27');
  });

  it('comes from the link when it is a day, else today', () => {
    const f = filtersFrom(new URLSearchParams('day=2026-11-20&actor=%20rahim%20&action=x/y'));
    expect(f).toEqual({ day: '2026-11-20', actor: 'rahim', action: 'x/y' });
    expect(filtersFrom(new URLSearchParams('day=yesterday')).day).toBe(dhakaToday());
  });
});

describe('groupByCall', () => {
  it("keeps the server's order of calls, a call's writes by seq, and joins a call split by a page", () => {
    const calls = groupByCall([
      auditEntry({ call_id: 'c2', seq: 2 }),
      auditEntry({ call_id: 'c2', seq: 1 }),
      auditEntry({ call_id: 'c1', seq: 3 }),
      // The next page: the rest of c1.
      auditEntry({ call_id: 'c1', seq: 2 }),
      auditEntry({ call_id: 'c1', seq: 1 }),
      auditEntry({ call_id: 'c0', seq: 1 }),
    ]);
    expect(calls.map((c) => [c.call_id, c.first.seq, c.entries.map((e) => e.seq)])).toEqual([
      ['c2', 1, [1, 2]],
      ['c1', 1, [1, 2, 3]],
      ['c0', 1, [1]],
    ]);
  });
});

describe('diffLines', () => {
  const change = auditEntry().changes[0]!;

  it('an update: the attributes it set that differ, and those it removed', () => {
    expect(diffLines(change)).toEqual([
      { key: 'balance', before: 10000, after: 15000, removed: false },
      { key: 'flagged', before: true, after: undefined, removed: true },
    ]);
  });

  it('a put: new and changed attributes, and those the new item no longer has', () => {
    const put = { ...change, op: 'put' as const, removed: undefined };
    expect(diffLines({ ...put, before: null, after: { a: 1, b: { c: [1] } } })).toEqual([
      { key: 'a', before: undefined, after: 1, removed: false },
      { key: 'b', before: undefined, after: { c: [1] }, removed: false },
    ]);
    expect(
      diffLines({ ...put, before: { a: 1, b: { c: [1] }, d: 'x' }, after: { a: 1, b: { c: [2] } } }),
    ).toEqual([
      { key: 'b', before: { c: [1] }, after: { c: [2] }, removed: false },
      { key: 'd', before: 'x', after: undefined, removed: true },
    ]);
  });

  it('a delete: every attribute removed; a check: nothing', () => {
    const old = { a: 1, b: 'two' };
    expect(diffLines({ ...change, op: 'delete', before: old, after: null, removed: undefined })).toEqual([
      { key: 'a', before: 1, after: undefined, removed: true },
      { key: 'b', before: 'two', after: undefined, removed: true },
    ]);
    expect(diffLines({ ...change, op: 'check', before: old, after: null })).toEqual([]);
  });
});

describe('auditCsv', () => {
  it('quotes commas, quotes and newlines, and guards cells a spreadsheet would run', () => {
    const csv = auditCsv([
      auditEntry({
        actor_email: '=HYPERLINK("http://x")',
        actor_id: '@admin',
        ip: '-1',
        summary: '+Adjust, "now"',
        request: { note: 'line 1\nline 2' },
        changes: [],
        more_changes: 2,
      }),
    ]);
    expect(csv).toBe(
      'at,call_id,seq,actor_email,actor_id,ip,action,summary,method,path,request,changes,more_changes\r\n' +
        '2026-11-27T04:05:00.000Z,c1,1,"\'=HYPERLINK(""http://x"")",\'@admin,\'-1,' +
        'admin-commerce/wallet-adjustment,"\'+Adjust, ""now""",POST,/api/admin/wallet/u1/adjust,' +
        '"{""note"":""line 1\\nline 2""}",[],2\r\n',
    );
  });

  it('writes the changes as JSON, one line per entry', () => {
    const lines = auditCsv([auditEntry(), auditEntry({ seq: 2, request: undefined })]).split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"${JSON.stringify(auditEntry().changes).replace(/"/g, '""')}"`);
    // No request: an empty cell.
    expect(lines[2]).toContain('/api/admin/wallet/u1/adjust,,"[{');
  });
});

describe('fetchAllAudit', () => {
  const pages = (count: number, size: number) =>
    callMock.mockImplementation(async (_name: string, { query }: { query: { cursor?: string } }) => {
      const n = Number(query.cursor ?? 0);
      return {
        items: Array.from({ length: size }, (_, i) => auditEntry({ call_id: `c${n}-${i}` })),
        cursor: n + 1 < count ? String(n + 1) : null,
      };
    });

  it('follows the cursor with the filters until the last page', async () => {
    pages(3, 2);
    const got = await fetchAllAudit({ day: '2026-11-27', actor: 'rahim', action: '' });
    expect(got.items).toHaveLength(6);
    expect(got.capped).toBe(false);
    expect(callMock.mock.calls.map((c) => c[1].query)).toEqual([
      { day: '2026-11-27', actor: 'rahim', cursor: undefined, limit: 100 },
      { day: '2026-11-27', actor: 'rahim', cursor: '1', limit: 100 },
      { day: '2026-11-27', actor: 'rahim', cursor: '2', limit: 100 },
    ]);
  });

  it('stops at the cap and says so only when the server has more', async () => {
    pages(5, 2);
    expect(await fetchAllAudit({ day: '2026-11-27', actor: '', action: '' }, 3)).toMatchObject({
      capped: true,
      items: { length: 3 },
    });
    expect(callMock).toHaveBeenCalledTimes(2);
    callMock.mockReset();
    pages(2, 2);
    expect(await fetchAllAudit({ day: '2026-11-27', actor: '', action: '' }, 4)).toMatchObject({
      capped: false,
      items: { length: 4 },
    });
  });
});
