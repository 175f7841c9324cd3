import type { ImportOutcome } from '@khelaghor/contract/schemas/catalog';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, errorMessage } from '../../../shared/api/client';
import { refreshAdmin } from '../api';
import type { ImportReport } from './import-report';
import { chunk, IMPORT_CHUNK, parseCodeList } from './codes';
import { notifyError, notifyInvalid, notifySuccess } from '../lib/notify';
import { t } from '../messages';

/**
 * Sends a code list to the API in chunks of 1,000 (its limit per request), one after another, and
 * keeps the report (progress, counts, the codes not added) up to date.
 */
export function useBulkImport() {
  const [report, setReport] = useState<ImportReport | null>(null);
  const [running, setRunning] = useState(false);
  const queryClient = useQueryClient();

  const run = async (variantId: string, text: string) => {
    if (!variantId) return notifyInvalid(t('pleaseSelectVariant'));
    const { codes, duplicates } = parseCodeList(text);
    if (codes.length === 0) return notifyInvalid(t('pleaseAddCode'));
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
        t('codesImported'),
        t('addedSkipped', { added: counts.added, skipped: current.total + duplicates.length - counts.added }),
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

  return { report, running, run };
}
