import { Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Textarea } from '../../../shared/ui/textarea';
import { useBulkImport } from './use-bulk-import';
import { parseCodeList } from './codes';
import { useT } from '../messages';
import { ImportReportView } from './import-report';
import { Field, VariantSelect, type VariantOption } from '../components/kit';

/**
 * Bulk import: codes from a pasted list or a .txt/.csv file, sent to the API in chunks of 1,000
 * (its limit per request) one after another, with a progress bar and a per-code report.
 * Importing the same list again is safe: codes already stored come back as 'already in the shop'.
 */
export function BulkImport({ variants }: { variants: VariantOption[] }) {
  const [variantId, setVariantId] = useState('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const { report, running, run } = useBulkImport();
  const tr = useT();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setText(await file.text());
  };

  return (
    <div className="flex flex-col gap-3">
      <Field id="import-variant" label={tr('variant')}>
        <VariantSelect
          id="import-variant"
          value={variantId}
          onChange={(e) => setVariantId(e.target.value)}
          disabled={running}
          variants={variants}
          placeholder={tr('selectVariant')}
        />
      </Field>
      <Field id="import-codes" label={tr('codesOnePerLine')} hint={tr('codesHint')}>
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
          {tr('chooseFile')}
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
          {text ? tr('codeCount', { count: parseCodeList(text).codes.length }) : ''}
        </span>
        <Button onClick={() => void run(variantId, text)} disabled={running} className="ml-auto">
          {running ? tr('importing') : tr('importCodes')}
        </Button>
      </div>
      {report && <ImportReportView report={report} />}
    </div>
  );
}
