import type { ImportOutcome } from '@khelaghor/contract/schemas/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Textarea } from '../../../shared/ui/textarea';
import { call, errorMessage } from '../../../shared/api/client';
import { chunk, IMPORT_CHUNK, parseCodeList } from '../lib/codes';
import { downloadText, toCsv } from '../lib/csv';
import { notifyError, notifyInvalid, notifySuccess } from '../lib/notify';
import { Field, VariantSelect, type VariantOption } from './kit';
import { refreshAdmin } from '../api';

export interface ImportReport {
  total: number;
  done: number;
  counts: Record<ImportOutcome, number>;
  problems: Array<{ code: string; status: ImportOutcome; message?: string }>;
  stock: number | null;
  error?: string;
}

const OUTCOME_TEXT: Record<ImportOutcome, string> = {
  added: 'Added',
  duplicate_in_file: 'Duplicate in the list',
  already_in_shop: 'Already in the shop',
  invalid: 'Invalid',
};

/**
 * Bulk import: codes from a pasted list or a .txt/.csv file, sent to the API in chunks of 1,000
 * (its limit per request) one after another, with a progress bar and a per-code report.
 * Importing the same list again is safe: codes already stored come back as 'already in the shop'.
 */
export function BulkImport({ variants }: { variants: VariantOption[] }) {
  const [variantId, setVariantId] = useState('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [running, setRunning] = useState(false);
  const queryClient = useQueryClient();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setText(await file.text());
  };

  const run = async () => {
    if (!variantId) return notifyInvalid('Please select a variant');
    const { codes, duplicates } = parseCodeList(text);
    if (codes.length === 0) return notifyInvalid('Please add at least one code');
    const counts: Record<ImportOutcome, number> = {
      added: 0,
      duplicate_in_file: duplicates.length,
      already_in_shop: 0,
      invalid: 0,
    };
    const problems: ImportReport['problems'] = duplicates.map((code) => ({
      code,
      status: 'duplicate_in_file' as const,
    }));
    let current: ImportReport = { total: codes.length, done: 0, counts, problems, stock: null };
    setReport(current);
    setRunning(true);
    try {
      for (const part of chunk(codes, IMPORT_CHUNK)) {
        const res = await call('adminImportVouchers', { body: { variant_id: variantId, codes: part } });
        for (const r of res.results) {
          if (r.status !== 'added') problems.push(r);
        }
        for (const key of Object.keys(res.counts) as ImportOutcome[]) counts[key] += res.counts[key];
        current = {
          ...current,
          done: current.done + part.length,
          counts: { ...counts },
          problems: [...problems],
          stock: res.stock,
        };
        setReport(current);
      }
      notifySuccess(
        'Voucher codes imported',
        `${counts.added} added, ${current.total + duplicates.length - counts.added} skipped`,
      );
    } catch (error) {
      current = { ...current, error: errorMessage(error) };
      setReport(current);
      notifyError(error);
    } finally {
      setRunning(false);
      void refreshAdmin(queryClient);
    }
  };

  const downloadReport = () => {
    if (!report) return;
    downloadText(
      'voucher-import-report.csv',
      toCsv(
        ['code', 'result', 'message'],
        report.problems.map((p) => [p.code, OUTCOME_TEXT[p.status], p.message ?? '']),
      ),
    );
  };

  const percent = report && report.total > 0 ? Math.round((report.done / report.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-3">
      <Field id="import-variant" label="Variant">
        <VariantSelect
          id="import-variant"
          value={variantId}
          onChange={(e) => setVariantId(e.target.value)}
          disabled={running}
          variants={variants}
          placeholder="Select a variant"
        />
      </Field>
      <Field
        id="import-codes"
        label="Codes (one per line)"
        hint="Paste codes or choose a .txt / .csv file (first column)."
      >
        <Textarea
          id="import-codes"
          rows={6}
          value={text}
          disabled={running}
          onChange={(e) => setText(e.target.value)}
          className="font-mono"
        />
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent">
          <Upload className="size-4" aria-hidden="true" />
          Choose file
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            className="sr-only"
            data-testid="import-file"
            onChange={(e) => void onFile(e)}
            disabled={running}
          />
        </label>
        {fileName && <span className="text-sm text-muted-foreground">{fileName}</span>}
        <span className="text-sm text-muted-foreground">
          {text ? `${parseCodeList(text).codes.length} codes` : ''}
        </span>
        <Button onClick={() => void run()} disabled={running} className="ml-auto">
          {running ? 'Importing…' : 'Import Codes'}
        </Button>
      </div>
      {report && (
        <div className="flex flex-col gap-2 rounded-md border p-3" data-testid="import-report">
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={report.total}
            aria-valuenow={report.done}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm" aria-live="polite" data-testid="import-progress">
            {report.done} of {report.total} codes sent ({percent}%)
          </p>
          <ul className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-4">
            {(Object.keys(OUTCOME_TEXT) as ImportOutcome[]).map((k) => (
              <li key={k} data-testid={`import-count-${k}`}>
                {OUTCOME_TEXT[k]}: <strong>{report.counts[k]}</strong>
              </li>
            ))}
          </ul>
          {report.stock !== null && (
            <p className="text-sm" data-testid="import-stock">
              Stock now: <strong>{report.stock}</strong>
            </p>
          )}
          {report.error && (
            <p className="text-sm text-destructive">
              Stopped: {report.error}. Import the same list again to finish (stored codes are skipped).
            </p>
          )}
          {report.problems.length > 0 && (
            <>
              <div className="max-h-48 overflow-y-auto rounded border">
                <table className="w-full text-left text-xs [&_td]:px-2 [&_td]:py-1">
                  <tbody>
                    {report.problems.slice(0, 200).map((p, i) => (
                      <tr key={`${p.code}-${i}`} className="border-t">
                        <td className="font-mono">{p.code}</td>
                        <td>{OUTCOME_TEXT[p.status]}</td>
                        <td>{p.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Button variant="outline" size="sm" onClick={downloadReport} className="self-start">
                Download report ({report.problems.length} not added)
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
