import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from '../../functions/src/db/client';
import { auditBooks, type BooksReport } from './books-audit';
import { restoreDrill } from './restore-copy';
import { readStackFile, repoRoot } from './stack';

// Node 24 here (scripts/node24.mjs); run on an older Node the SDK's notice about its Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm run restore:check`: the restore drill (docs/operations.md, "Restore").
 *
 * - Local (default): copies the local stack's table (or `--source`) into a new table (`--target`,
 *   default `<source>-restore-<time>`) on DynamoDB Local, compares the copy with the source item
 *   by item, runs the shop-wide books check on the copy and drops it (`--keep` keeps it).
 *   `--endpoint` names another DynamoDB Local.
 * - AWS (`--table <name>`): checks the books of a table already restored with
 *   `aws dynamodb restore-table-to-point-in-time` (the credentials and AWS_REGION of the shell).
 *
 * Exit code 0 when the books balance (and the copy equals its source), 1 otherwise.
 */
const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    source: { type: 'string' },
    target: { type: 'string' },
    endpoint: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});

const printBooks = (books: BooksReport) => {
  const types = Object.entries(books.byType)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  console.log(`  items: ${books.items} (${types})`);
  if (books.problems.length === 0) console.log('  books: balanced (stock counters, balances = ledgers)');
  else for (const p of books.problems) console.log(`  PROBLEM ${p}`);
};

if (values.table) {
  const db = createDb({ table: values.table, region: process.env.AWS_REGION, endpoint: values.endpoint });
  console.log(`Checking the books of ${values.table}`);
  const books = await auditBooks(db).catch((error: Error) => {
    console.error(`Could not read ${values.table}: ${error.name}: ${error.message}`);
    process.exit(1);
  });
  printBooks(books);
  process.exit(books.problems.length === 0 ? 0 : 1);
}

const stack = readStackFile(join(repoRoot, '.data'));
const endpoint = values.endpoint ?? stack.dynamodbEndpoint;
const source = values.source ?? stack.tableName;
if (!endpoint || !source) {
  console.error(
    'No local stack found (.data/stack.json): run npm start first, or give --endpoint and --source ' +
      '(or --table <restored table> to check a table on AWS).',
  );
  process.exit(1);
}
const target = values.target ?? `${source}-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
console.log(`Restore drill: ${source} -> ${target} on ${endpoint}`);
const drill = await restoreDrill({ endpoint, source, target, keep: values.keep });
console.log(`  copied: ${drill.copied} items`);
if (drill.differences.length === 0) console.log('  copy: identical to the source');
else for (const d of drill.differences) console.log(`  PROBLEM ${d}`);
printBooks(drill.books);
console.log(values.keep ? `  kept: ${target}` : '  dropped the copy');
process.exit(drill.ok ? 0 : 1);
