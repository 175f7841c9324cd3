import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { formatDateIn } from '../../../shared/i18n/format';
import { setLocale } from '../../../shared/i18n/i18n';
import AuditSection from './audit';
import type { AuditEntry } from './audit-data';
import { auditEntry } from './audit-test-entries';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('../lib/csv', async (actual) => ({
  ...(await actual<typeof import('../lib/csv')>()),
  downloadText: vi.fn(),
}));
const { call: callMock, resetAfterEach } = await import('../test-api-mock');
const { downloadText } = await import('../lib/csv');
resetAfterEach(() => {
  vi.mocked(downloadText).mockReset();
  vi.useRealTimers();
  act(() => setLocale('en'));
});

/** Issue 34: the admin's audit trail, one row per admin call. */
type Query = { day?: string; actor?: string; action?: string; cursor?: string; limit?: number };
/** The server: its pages by cursor ('' the first). */
function serve(pages: Record<string, { items: AuditEntry[]; cursor: string | null }>) {
  callMock.mockImplementation(async (name: string, { query }: { query: Query }) => {
    if (name !== 'adminListAudit') throw new Error(`unexpected ${name}`);
    return pages[query.cursor ?? ''] ?? { items: [], cursor: null };
  });
}
const queries = () => callMock.mock.calls.map((c) => (c[1] as { query: Query }).query);

function show(url = '/admin/audit?day=2026-11-27') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <AuditSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const rows = () => screen.queryAllByTestId('audit-call');

describe('the Audit section', () => {
  it('shows one row per call, its writes opened in order with what each changed', async () => {
    serve({
      '': {
        items: [
          auditEntry({ call_id: 'c2', seq: 2, changes: [] }),
          auditEntry({ call_id: 'c2', seq: 1 }),
          auditEntry({
            call_id: 'c1',
            at: '2026-11-27T03:00:00.000Z',
            actor_email: 'other@khelaghor.local',
            action: 'admin-catalog/delete-product',
            summary: 'Delete a product',
            method: 'DELETE',
            path: '/api/admin/products/p1',
            ip: '198.51.100.7',
            request: null,
            changes: [
              { op: 'delete', pk: 'PRODUCT#p1', sk: 'PRODUCT', before: { name: 'Free Fire' }, after: null },
            ],
            more_changes: 3,
          }),
        ],
        cursor: null,
      },
    });
    show();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(first.dataset.callId).toBe('c2');
    expect(first.textContent).toContain(formatDateIn('en', '2026-11-27T04:05:00.000Z'));
    for (const text of [
      'admin@khelaghor.local',
      'Adjust a wallet',
      '2 writes',
      'POST /api/admin/wallet/u1/adjust',
    ])
      expect(first.textContent).toContain(text);
    expect(within(first).getByText('203.0.113.9')).toBeTruthy();
    expect(second.textContent).toContain('DELETE /api/admin/products/p1');
    expect(second.textContent).not.toContain('writes');
    expect(screen.queryByTestId('audit-details')).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Show details' }));
    const details = screen.getByTestId('audit-details');
    expect(within(details).getByTestId('audit-request').textContent).toContain('"note": "refund"');
    const writes = within(details).getAllByTestId('audit-write');
    expect(writes.map((w) => w.querySelector('h3')?.textContent)).toEqual(['Write 1', 'Write 2']);
    const diff = within(writes[0]!).getAllByTestId('audit-diff');
    expect(diff.map((d) => [...d.children].map((cell) => cell.textContent))).toEqual([
      ['balance', '10000', '15000'],
      ['flagged', 'true', 'removed'],
    ]);
    expect(within(writes[0]!).getByText('Updated')).toBeTruthy();
    expect(within(writes[0]!).getByText('USER#u1 / PROFILE')).toBeTruthy();
    await userEvent.click(within(first).getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByTestId('audit-details')).toBeNull();

    await userEvent.click(within(second).getByRole('button', { name: 'Show details' }));
    const deleted = screen.getByTestId('audit-details');
    expect(within(deleted).getByText('Nothing sent')).toBeTruthy();
    expect(within(deleted).getByText('Deleted')).toBeTruthy();
    expect(within(deleted).getByTestId('audit-diff').textContent).toBe('nameFree Fireremoved');
    expect(within(deleted).getByText('…and 3 more items changed, not listed here')).toBeTruthy();
  });

  it("opens on today's Asia/Dhaka day and sends each filter, from the first page", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T19:30:00Z'));
    serve({ '': { items: [auditEntry()], cursor: 'p2' } });
    show('/admin/audit');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect((screen.getByTestId('audit-day') as HTMLInputElement).value).toBe('2026-11-27');
    expect(queries()).toEqual([{ day: '2026-11-27', cursor: undefined, limit: 100 }]);

    await userEvent.type(screen.getByLabelText('Admin'), ' rahim@buyer.test ');
    await userEvent.type(screen.getByLabelText('Action'), 'admin-commerce/wallet-adjustment{Enter}');
    await waitFor(() => expect(queries()).toHaveLength(2));
    expect(queries()[1]).toEqual({
      day: '2026-11-27',
      actor: 'rahim@buyer.test',
      action: 'admin-commerce/wallet-adjustment',
      cursor: undefined,
      limit: 100,
    });

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(queries()).toHaveLength(3));
    expect(queries()[2]).toMatchObject({ day: '2026-11-20', actor: 'rahim@buyer.test', cursor: undefined });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries()).toHaveLength(4));
    expect(queries()[3]).toEqual({ day: '2026-11-20', cursor: undefined, limit: 100 });
    expect((screen.getByLabelText('Admin') as HTMLInputElement).value).toBe('');
  });

  it("offers the loaded entries' actions and reads the filters from the link", async () => {
    serve({ '': { items: [auditEntry({ action: 'admin-site/save-seo' })], cursor: null } });
    show('/admin/audit?day=2026-11-20&actor=admin-1');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queries()[0]).toEqual({ day: '2026-11-20', actor: 'admin-1', cursor: undefined, limit: 100 });
    expect((screen.getByLabelText('Admin') as HTMLInputElement).value).toBe('admin-1');
    const list = document.getElementById(screen.getByLabelText('Action').getAttribute('list')!);
    expect([...list!.querySelectorAll('option')].map((o) => o.value)).toEqual(['admin-site/save-seo']);
  });

  it('Load more follows the cursor with the same filters; a call split by a page stays one row', async () => {
    serve({
      '': { items: [auditEntry({ call_id: 'c2' }), auditEntry({ call_id: 'c1', seq: 2 })], cursor: 'p2' },
      p2: { items: [auditEntry({ call_id: 'c1', seq: 1 }), auditEntry({ call_id: 'c0' })], cursor: null },
    });
    show('/admin/audit?day=2026-11-27&action=admin-commerce/wallet-adjustment');
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(queries()[1]).toEqual({
      day: '2026-11-27',
      action: 'admin-commerce/wallet-adjustment',
      cursor: 'p2',
      limit: 100,
    });
    expect(rows().map((r) => r.dataset.callId)).toEqual(['c2', 'c1', 'c0']);
    expect(rows()[1]!.textContent).toContain('2 writes');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Export CSV takes every page of the filters, one line per entry, quoted and guarded', async () => {
    serve({
      '': { items: [auditEntry({ summary: 'Adjust, "now"' })], cursor: 'p2' },
      p2: { items: [auditEntry({ seq: 2, actor_email: '=cmd|x', request: { note: 'a\nb' } })], cursor: null },
    });
    show('/admin/audit?day=2026-11-25&actor=admin-1');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    const [name, csv] = vi.mocked(downloadText).mock.calls[0]!;
    expect(name).toBe('audit-2026-11-25.csv');
    expect(queries().slice(1)).toEqual([
      { day: '2026-11-25', actor: 'admin-1', cursor: undefined, limit: 100 },
      { day: '2026-11-25', actor: 'admin-1', cursor: 'p2', limit: 100 },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'at,call_id,seq,actor_email,actor_id,ip,action,summary,method,path,request,changes,more_changes',
    );
    expect(lines[1]).toMatch(
      /^2026-11-27T04:05:00\.000Z,c1,1,admin@khelaghor\.local,.*,"Adjust, ""now""",POST,/,
    );
    expect(lines[2]).toMatch(/^2026-11-27T04:05:00\.000Z,c1,2,'=cmd\|x,admin-1,/);
    expect(lines[2]).toContain(',"{""note"":""a\\nb""}",');
    expect(lines).toHaveLength(4);
    expect(screen.queryByTestId('audit-export-capped')).toBeNull();
  });

  it('says when the export stopped at 5,000 entries', async () => {
    let page = 0;
    callMock.mockImplementation(async () => ({
      items: Array.from({ length: 100 }, (_, i) => auditEntry({ call_id: `c${page}-${i}` })),
      cursor: `p${++page}`,
    }));
    show();
    await waitFor(() => expect(rows()).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalledTimes(1));
    expect(callMock).toHaveBeenCalledTimes(51);
    expect(vi.mocked(downloadText).mock.calls[0]![1].split('\r\n')).toHaveLength(5002);
    expect(screen.getByTestId('audit-export-capped').textContent).toMatch(/first 5,000 entries only/);
  });

  it('says when a day has nothing, and offers no export', async () => {
    serve({});
    show();
    expect(await screen.findByText('No admin changes on this day for these filters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the list cannot load, and tries again', async () => {
    serve({ '': { items: [auditEntry()], cursor: null } });
    callMock.mockRejectedValueOnce(new ApiError(500, 'internal', 'Something went wrong. Please try again.'));
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the audit trail');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('reads in Bangla, with Bangla digits', async () => {
    act(() => setLocale('bn'));
    serve({ '': { items: [auditEntry({ seq: 2 }), auditEntry()], cursor: null } });
    show();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('অডিট')).toBeTruthy();
    expect(screen.getByLabelText('অ্যাডমিন')).toBeTruthy();
    expect(rows()[0]!.textContent).toContain('২টি লেখা');
    expect(screen.getByRole('button', { name: 'CSV এক্সপোর্ট' })).toBeTruthy();
  });
});
