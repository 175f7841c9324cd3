/**
 * 4. Lambda bundles: each handler of the route table (and the scheduled jobs) bundled as CDK's
 * NodejsFunction does it (esbuild, platform node, cjs, minify, @aws-sdk/* external), its size, and
 * the time a fresh Node process takes to require() it: the module initialisation part of a cold start.
 */
import { jobs, routeList } from '@khelaghor/contract';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../local/src/stack';
import type { Row } from './report';
import { median, pool, round } from './stats';

const SIZE_BUDGET_KB = 300;
const INIT_BUDGET_MS = 80;

export async function lambdaBundles(opts: {
  initRuns: number;
  log: (line: string) => void;
}): Promise<{ rows: Row[]; raw: unknown }> {
  const handlers = [
    ...new Set([...routeList.map((r) => r.handler), ...Object.values(jobs).map((j) => j.handler)]),
  ].sort();
  const outDir = join(repoRoot, 'bench', 'tmp', 'bundles');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  opts.log(`bundling ${handlers.length} handlers`);
  const bundles = await pool(handlers, 4, async (handler) => {
    const outfile = join(outDir, `${handler.replace('/', '__')}.cjs`);
    await build({
      entryPoints: [join(repoRoot, 'functions', 'src', 'handlers', `${handler}.ts`)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minify: true,
      external: ['@aws-sdk/*'],
      tsconfig: join(repoRoot, 'tsconfig.json'),
      logLevel: 'silent',
    });
    return { handler, outfile, kb: round(statSync(outfile).size / 1024, 1) };
  });

  opts.log(
    `timing module initialisation (${opts.initRuns} fresh process${opts.initRuns > 1 ? 'es' : ''} per bundle)`,
  );
  const probe = `const t=process.hrtime.bigint();require(process.argv[1]);process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`;
  const env = {
    ...process.env,
    TABLE_NAME: 'khelaghor',
    AWS_REGION: 'ap-southeast-1',
    USER_POOL_ID: 'ap-southeast-1_bench',
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  };
  const initSamples = (file: string) =>
    Array.from({ length: opts.initRuns }, () =>
      Number(execFileSync(process.execPath, ['-e', probe, file], { env, encoding: 'utf8' })),
    );
  const measured = [];
  for (const b of bundles) {
    const samples = initSamples(b.outfile);
    measured.push({ ...b, initMs: round(median(samples), 1), samples: samples.map((s) => round(s, 1)) });
  }
  // The part no handler code can shave: loading the DynamoDB SDK that every handler needs.
  const sdkOnly = join(outDir, 'sdk-only.cjs');
  writeFileSync(sdkOnly, "require('@aws-sdk/client-dynamodb');require('@aws-sdk/lib-dynamodb');\n");
  const sdkMs = round(median(initSamples(sdkOnly)), 1);

  const biggest = measured.reduce((a, b) => (b.kb > a.kb ? b : a));
  const slowest = measured.reduce((a, b) => (b.initMs > a.initMs ? b : a));
  const overSize = measured.filter((m) => m.kb > SIZE_BUDGET_KB);
  const overInit = measured.filter((m) => m.initMs > INIT_BUDGET_MS);
  const section = '4 bundles';
  const rows: Row[] = [
    {
      section,
      figure: `largest of ${measured.length} bundles (${biggest.handler})`,
      value: biggest.kb,
      unit: 'KB',
      budget: `≤ ${SIZE_BUDGET_KB} KB each`,
      pass: overSize.length === 0,
      ...(overSize.length > 0 && { note: overSize.map((m) => m.handler).join(', ') }),
    },
    {
      section,
      figure: 'median bundle size',
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
      value: round(median(measured.map((m) => m.initMs)), 1),
      unit: 'ms',
      budget: '',
    },
    {
      section,
      figure: 'the DynamoDB SDK alone (client + lib-dynamodb), same probe',
      value: sdkMs,
      unit: 'ms',
      budget: '',
    },
  ];
  return { rows, raw: { sdkOnlyMs: sdkMs, bundles: measured.map(({ outfile: _o, ...m }) => m) } };
}
