import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { Button } from '../../../shared/ui/button';
import { ListTable, SectionCard } from '../components/kit';
import { usePagedList } from '../hooks/use-admin-queries';
import { downloadText } from '../lib/csv';
import { notifyError } from '../lib/notify';
import { AuditCallRow } from './audit-call-row';
import {
  auditCsv,
  auditQuery,
  EXPORT_CAP,
  fetchAllAudit,
  filtersFrom,
  groupByCall,
  type AuditFilters,
} from './audit-data';
import { AuditFiltersForm } from './audit-filters';
import { useT } from './messages';

/**
 * Admin 'Audit' (issue 34): one Asia/Dhaka day's admin calls that wrote, newest first, one row per
 * call (its writes share a call_id), filtered by admin and action; the filters live in the link
 * (?day=&actor=&action=). Export CSV takes every page of the filters, one line per write.
 */
export default function AuditSection() {
  const tr = useT();
  const { number } = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = auditQuery(filters);
  const list = usePagedList('adminListAudit', query, { errorPrefix: tr('failedLoad') });
  const calls = groupByCall(list.items);
  const actions = [...new Set([...list.items.map((e) => e.action), filters.action].filter(Boolean))].sort();

  const setFilters = (f: AuditFilters) =>
    setParams(
      Object.fromEntries(Object.entries(auditQuery(f)).filter(([, v]) => v)),
      // The day picker and the fields replace the entry: Back leaves the page, not each filter.
      { replace: true },
    );

  const [exporting, setExporting] = useState(false);
  // The filters whose export stopped at the cap (the note shows while they are the page's).
  const [cappedFor, setCappedFor] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { items, capped } = await fetchAllAudit(filters);
      downloadText(`audit-${filters.day}.csv`, auditCsv(items));
      setCappedFor(capped ? queryKey : null);
    } catch (error) {
      notifyError(error, tr('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard
      title={tr('audit')}
      description={tr('auditDescription')}
      actions={
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          disabled={exporting || list.items.length === 0}
          data-testid="audit-export"
        >
          <Download aria-hidden="true" /> {exporting ? tr('exporting') : tr('exportCsv')}
        </Button>
      }
    >
      <AuditFiltersForm value={filters} actions={actions} onChange={setFilters} />
      {cappedFor === queryKey && (
        <p role="status" className="mb-3 text-sm font-medium" data-testid="audit-export-capped">
          {tr('exportCapped', { count: number(EXPORT_CAP) })}
        </p>
      )}
      {list.isError && list.items.length === 0 ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/50 p-4 text-sm"
          data-testid="audit-error"
        >
          <p className="text-destructive">
            {tr('failedLoad')}: {errorMessage(list.error)}
          </p>
          <Button className="mt-2" variant="outline" size="sm" onClick={() => void list.refetch()}>
            {tr('tryAgain')}
          </Button>
        </div>
      ) : (
        <ListTable
          columns={[
            <span key="details" className="sr-only">
              {tr('details')}
            </span>,
            tr('colTime'),
            tr('colAdmin'),
            tr('colAction'),
            tr('colRequest'),
            tr('colIp'),
          ]}
          // The rows are calls (entries grouped); loading and Load more are the list's.
          list={{
            isLoading: list.isLoading,
            hasNextPage: list.hasNextPage,
            isFetchingNextPage: list.isFetchingNextPage,
            fetchNextPage: list.fetchNextPage,
          }}
          items={calls}
          empty={tr('empty')}
          row={(c) => <AuditCallRow key={c.call_id} call={c} />}
        />
      )}
    </SectionCard>
  );
}
