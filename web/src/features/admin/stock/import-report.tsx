import type { ImportOutcome } from '@khelaghor/contract/schemas/catalog';
import { Button } from '../../../shared/ui/button';
import { downloadText, toCsv } from '../lib/csv';
import { localizeFieldMessage } from '../lib/schema-form';
import { useT, type AdminMessage } from '../messages';

export interface ImportReport {
  total: number;
  done: number;
  counts: Record<ImportOutcome, number>;
  problems: Array<{ code: string; status: ImportOutcome; message?: string }>;
  stock: number | null;
  error?: string;
}

const OUTCOME_TEXT: Record<ImportOutcome, AdminMessage> = {
  added: 'outcomeAdded',
  duplicate_in_file: 'outcomeDuplicate',
  already_in_shop: 'outcomeInShop',
  invalid: 'outcomeInvalid',
};

/** Why a code was refused (the contract's English, e.g. 'Code is required'), in the page's language. */
const problemText = (message: string | undefined): string => (message ? localizeFieldMessage(message) : '');

/** The import's progress bar, counts per outcome, stock, and the codes that were not added. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const tr = useT();
  const downloadReport = () => {
    downloadText(
      'voucher-import-report.csv',
      toCsv(
        ['code', 'result', 'message'],
        report.problems.map((p) => [p.code, tr(OUTCOME_TEXT[p.status]), problemText(p.message)]),
      ),
    );
  };

  const percent = report.total > 0 ? Math.round((report.done / report.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3" data-testid="import-report">
      <div
        role="progressbar"
        aria-label={tr('importProgress')}
        aria-valuemin={0}
        aria-valuemax={report.total}
        aria-valuenow={report.done}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm" aria-live="polite" data-testid="import-progress">
        {tr('codesSent', { done: report.done, total: report.total, percent })}
      </p>
      <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-4">
        {(Object.keys(OUTCOME_TEXT) as ImportOutcome[]).map((k) => (
          <li key={k} data-testid={`import-count-${k}`}>
            {tr(OUTCOME_TEXT[k])}: <strong>{report.counts[k]}</strong>
          </li>
        ))}
      </ul>
      {report.stock !== null && (
        <p className="text-sm" data-testid="import-stock">
          {tr('stockNow')} <strong>{report.stock}</strong>
        </p>
      )}
      {report.error && (
        <p className="text-sm text-destructive">{tr('importStopped', { error: report.error })}</p>
      )}
      {report.problems.length > 0 && (
        <>
          <div className="max-h-48 overflow-y-auto rounded border">
            <table className="w-full text-left text-xs [&_td]:px-2 [&_td]:py-1">
              <tbody>
                {report.problems.slice(0, 200).map((p, i) => (
                  <tr key={`${p.code}-${i}`} className="border-t">
                    <td className="font-mono">{p.code}</td>
                    <td>{tr(OUTCOME_TEXT[p.status])}</td>
                    <td>{problemText(p.message)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button variant="outline" size="sm" onClick={downloadReport} className="self-start">
            {tr('downloadReport', { count: report.problems.length })}
          </Button>
        </>
      )}
    </div>
  );
}
