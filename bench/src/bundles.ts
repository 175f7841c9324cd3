/**
 * 4. Lambda bundles: each handler of the route table (the scheduled jobs, the notifier) bundled by
 * the very build infra deploys (infra/src/lambda-bundles.ts: one esbuild build of every handler, ES
 * module, the AWS SDK inside, minified), its size, and the time a fresh Node process takes to
 * import() it from a directory where nothing else can be loaded (init-probe.ts): the module
 * initialisation part of a cold start.
 */
import { jobs, routeList, streamConsumers } from '@khelaghor/contract';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { LambdaBundles } from '../../infra/src/lambda-bundles';
import { lambdaEsbuildOptions } from '../../infra/src/lambda-bundling';
import { repoRoot } from '../../local/src/stack';
import { initProbe } from './init-probe';
import type { Row } from './report';
import { median, round } from './stats';

const SIZE_BUDGET_KB = 300;
const INIT_BUDGET_MS = 80;
const MEDIAN_INIT_BUDGET_MS = 60;

/** Packages of the AWS SDK (and the two small libraries only its endpoint cache uses). */
const SDK_PACKAGE = /node_modules\/(@aws-sdk|@smithy|@aws|mnemonist|obliterator)\//;

const kb = (bytes: number) => round(bytes / 1024, 1);

/** A part that is no function (the SDK alone, zod alone), bundled with the functions' options. */
async function bundlePart(
  entry: string,
  outDir: string,
): Promise<{ file: string; kb: number; sdkKb: number }> {
  const file = join(outDir, 'index.mjs');
  const result = await build({
    ...lambdaEsbuildOptions(repoRoot),
    entryPoints: [entry],
    outfile: file,
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.entries(result.metafile.outputs).find(([path]) => path.endsWith('.mjs'))?.[1];
  return { file, kb: kb(statSync(file).size), sdkKb: kb(sdkBytes(output?.inputs ?? {})) };
}

function sdkBytes(inputs: Record<string, { bytesInOutput: number }>): number {
  return Object.entries(inputs)
    .filter(([path]) => SDK_PACKAGE.test(path))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}

export async function lambdaBundles(opts: {
  initRuns: number;
  log: (line: string) => void;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const handlers = [
    ...new Set([
      ...routeList.map((r) => r.handler),
      ...Object.values(jobs).map((j) => j.handler),
      ...Object.values(streamConsumers).map((c) => c.handler),
    ]),
  ].sort();
  const outDir = join(repoRoot, 'bench', 'tmp', 'bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  opts.log(`bundling ${handlers.length} handlers as infra deploys them (one build, ESM, the SDK inside)`);
  const entryOf = (handler: string) => join(repoRoot, 'functions', 'src', 'handlers', `${handler}.ts`);
  const built = LambdaBundles.build({
    repoRoot,
    entries: handlers.map(entryOf),
    outDir: join(outDir, 'lambda'),
  });
  const bundles = handlers.map((handler) => {
    const { file, inputs } = built.bundleOf(entryOf(handler));
    return {
      handler,
      name: handler.replace('/', '__'),
      file,
      kb: kb(statSync(file).size),
      sdkKb: kb(sdkBytes(inputs)),
    };
  });

  // What no handler code can shave, bundled the same way: the DynamoDB client every handler
  // constructs, and zod, which every route's schemas are built with.
  const parts = join(outDir, 'parts');
  mkdirSync(parts, { recursive: true });
  const partEntry = (name: string, code: string) => {
    const file = join(parts, `${name}.ts`);
    writeFileSync(file, code);
    return file;
  };
  const sdkOnly = await bundlePart(
    partEntry(
      'sdk',
      "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';\n" +
        "export { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';\n",
    ),
    join(parts, 'sdk'),
  );
  const zodOnly = await bundlePart(
    partEntry(
      'zod',
      "import * as z from 'zod';\nexport const probe = z.object({ id: z.string().min(1) });\n",
    ),
    join(parts, 'zod'),
  );
  // The same SDK as the runtime's copy would load: CommonJS packages read from node_modules.
  const sdkFromNodeModules = join(parts, 'sdk-node-modules.cjs');
  writeFileSync(
    sdkFromNodeModules,
    "require('@aws-sdk/client-dynamodb');require('@aws-sdk/lib-dynamodb');\n",
  );

  opts.log(
    `timing module initialisation (${opts.initRuns} fresh process${opts.initRuns > 1 ? 'es' : ''} per bundle, outside the repository)`,
  );
  const probe = initProbe();
  try {
    const files = [
      ...bundles.map((b) => probe.place(b.name, b.file)),
      probe.place('sdk-only', sdkOnly.file),
      probe.place('zod-only', zodOnly.file),
      sdkFromNodeModules,
    ];
    const samples = files.map(() => [] as number[]);
    // Round by round, not bundle by bundle: a burst of other work on the shared cores then lands
    // on one sample of many bundles instead of on every sample of one.
    for (let run = 0; run < opts.initRuns; run++)
      files.forEach((file, i) => samples[i]!.push(probe.once(file)));
    const initMs = (i: number) => round(median(samples[i]!), 1);
    const measured = bundles.map((b, i) => ({
      ...b,
      initMs: initMs(i),
      samples: samples[i]!.map((s) => round(s, 1)),
    }));
    const n = bundles.length;
    return report(measured, {
      sdkMs: initMs(n),
      sdkKb: sdkOnly.kb,
      zodMs: initMs(n + 1),
      zodKb: zodOnly.kb,
      sdkNodeModulesMs: initMs(n + 2),
    });
  } finally {
    probe.dispose();
  }
}

interface Measured {
  handler: string;
  file: string;
  kb: number;
  sdkKb: number;
  initMs: number;
  samples: number[];
}

function report(
  measured: Measured[],
  parts: { sdkMs: number; sdkKb: number; zodMs: number; zodKb: number; sdkNodeModulesMs: number },
): { rows: Row[]; raw: unknown } {
  const biggest = measured.reduce((a, b) => (b.kb > a.kb ? b : a));
  const slowest = measured.reduce((a, b) => (b.initMs > a.initMs ? b : a));
  const overSize = measured.filter((m) => m.kb > SIZE_BUDGET_KB);
  const overInit = measured.filter((m) => m.initMs > INIT_BUDGET_MS);
  const medianInit = round(median(measured.map((m) => m.initMs)), 1);
  const section = '4 bundles';
  const rows: Row[] = [
    {
      section,
      figure: `largest of ${measured.length} bundles (${biggest.handler}; ${biggest.sdkKb} KB of it the AWS SDK)`,
      value: biggest.kb,
      unit: 'KB',
      budget: `≤ ${SIZE_BUDGET_KB} KB each`,
      pass: overSize.length === 0,
      ...(overSize.length > 0 && {
        note: `${overSize.length} over: ${overSize.map((m) => m.handler).join(', ')}`,
      }),
    },
    {
      section,
      figure: `median bundle size (${round(median(measured.map((m) => m.sdkKb)), 1)} KB of it the AWS SDK)`,
      value: round(median(measured.map((m) => m.kb)), 1),
      unit: 'KB',
      budget: '',
    },
    {
      section,
      figure: `slowest module init (${slowest.handler})`,
      value: slowest.initMs,
      unit: 'ms',
      budget: `≤ ${INIT_BUDGET_MS} ms each (median)`,
      pass: overInit.length === 0,
      ...(overInit.length > 0 && { note: overInit.map((m) => m.handler).join(', ') }),
    },
    {
      section,
      figure: 'median module init',
      value: medianInit,
      unit: 'ms',
      budget: `≤ ${MEDIAN_INIT_BUDGET_MS} ms`,
      pass: medianInit <= MEDIAN_INIT_BUDGET_MS,
    },
    {
      section,
      figure: `the DynamoDB SDK alone (client + lib-dynamodb), bundled the same way (${parts.sdkKb} KB)`,
      value: parts.sdkMs,
      unit: 'ms',
      budget: '',
    },
    {
      section,
      figure: 'the same SDK from node_modules (CommonJS, as the runtime copy loads)',
      value: parts.sdkNodeModulesMs,
      unit: 'ms',
      budget: '',
    },
    {
      section,
      figure: `zod alone, bundled the same way (${parts.zodKb} KB)`,
      value: parts.zodMs,
      unit: 'ms',
      budget: '',
    },
  ];
  return {
    rows,
    raw: {
      ...parts,
      bundles: measured.map(({ file: _f, ...m }) => m),
    },
  };
}
