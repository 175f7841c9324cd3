/**
 * Bulk import: 10,000 codes through POST /api/admin/vouchers/import in the SPA's chunks of 1,000,
 * as an admin does it. Each request must finish well inside API Gateway's 29 s limit; the total is
 * what the admin waits for. (The suite keeps a 1,000-code version; this one moved here from it.)
 */
import type { Row } from './report';
import { adminToken, createVariant, importCodes } from './shop';
import type { BenchStack } from './stack';
import { round } from './stats';

const REQUEST_LIMIT_MS = 29_000;

export async function bulkImport(
  stack: BenchStack,
  opts: { codes: number; log: (line: string) => void },
): Promise<{ rows: Row[]; raw: unknown }> {
  const admin = await adminToken(stack);
  const { variantId } = await createVariant(stack, admin, 'Import', 1_000);
  const chunks: number[] = [];
  const started = Date.now();
  const stock = await importCodes(stack, admin, variantId, opts.codes, (ms) => chunks.push(ms));
  const total = Date.now() - started;
  opts.log(`imported ${stock} codes in ${total} ms (${chunks.length} requests)`);
  const slowest = Math.max(...chunks);
  return {
    rows: [
      {
        section: '6 import',
        figure: `import ${opts.codes.toLocaleString('en')} codes, total`,
        value: round(total / 1000, 1),
        unit: 's',
        budget: '',
        note: `stock ${stock}`,
      },
      {
        section: '6 import',
        figure: 'slowest 1,000-code request',
        value: round(slowest / 1000, 1),
        unit: 's',
        budget: '≤ 10 s (API Gateway cuts at 29 s)',
        pass: slowest <= 10_000 && stock === opts.codes,
      },
    ],
    raw: { total, chunks, stock, limitMs: REQUEST_LIMIT_MS },
  };
}
