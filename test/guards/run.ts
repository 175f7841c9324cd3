/**
 * `npm run test:guards`: is every guard of the money code needed? Each guard (find-guards.ts) is
 * weakened in turn in a scratch copy of the repo, and the integration files that exercise its
 * file (guard-map.ts) run against it. A mutant that no test notices is a survivor: either a test
 * is missing or the guard is redundant (then it says so in the code, `guard-covered-by:`).
 *
 * Options: --only <text>[,<text>...] (mutants whose id contains one), --files <a,b> (run these
 * test files instead of the map's), --list (print the mutants and stop),
 * --shard k/n (every n-th mutant from the k-th: n runs side by side), --skip-baseline (do not
 * first run the files unmutated), --working-tree (mutate the working tree's
 * code instead of HEAD's).
 * Exit code 1 when a survivor is not marked redundant, or the unmutated files fail.
 */
import { execSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { startDynamoDb } from '../../local/src/dynamodb';
import { freePort } from '../../local/src/net';
import { findGuards, type Mutant } from './find-guards';
import { GUARDED_FILES } from './guard-map';

const ROOT = resolve(import.meta.dirname, '../..');
const COPIED = [
  'contract',
  'functions',
  'local',
  'events',
  'test',
  'vitest.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
];

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

interface Outcome {
  mutant: Mutant;
  verdict: 'killed' | 'survived' | 'redundant' | 'invalid' | 'timed out';
  by?: string;
  seconds: number;
}

/**
 * A copy of the committed code the tests need (HEAD, or the working tree with --working-tree),
 * sharing this checkout's node_modules.
 */
function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'khelaghor-guards-'));
  if (flag('--working-tree')) {
    for (const entry of COPIED)
      cpSync(join(ROOT, entry), join(dir, entry), {
        recursive: true,
        filter: (src) => !src.includes('node_modules') && !src.includes('/.data'),
      });
  } else {
    execSync(`git archive HEAD ${COPIED.join(' ')} | tar -x -C ${JSON.stringify(dir)}`, { cwd: ROOT });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

function runVitest(
  cwd: string,
  files: string[],
  endpoint: string,
  bail: boolean,
): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'integration',
        ...(bail ? ['--bail=1'] : []),
        ...files,
      ],
      { cwd, env: { ...process.env, TEST_DYNAMODB_ENDPOINT: endpoint, CI: '1', FORCE_COLOR: '0' } },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code: code ?? 1, out }));
  });
}

/**
 * The first failing test and its error, for the report: a test's own failure before a file's
 * (the books check after a file fails too when a guard is gone, and says less), an assertion
 * before a timeout (a busy machine times out anywhere).
 */
function firstFailure(output: string): string {
  const out = stripVTControlCharacters(output);
  const blocks = [
    ...out.matchAll(/ FAIL .*?(functions\/test\/\S+\.int\.test\.ts[^\n]*)\n+(\w*Error\b[^\n]*)/g),
  ].map((m) => ({ test: m[1]!, error: m[2]! }));
  const rank = (b: { test: string; error: string }) =>
    (b.test.includes(' > ') ? 0 : 2) + (/timed out/i.test(b.error) ? 1 : 0);
  const best = blocks.sort((x, y) => rank(x) - rank(y))[0];
  return best ? `${best.test.slice(0, 160)}\n        ${best.error.slice(0, 160)}` : 'a test file';
}

/** Every failure in the run is a test running out of time. */
function onlyTimeouts(output: string): boolean {
  const errors = stripVTControlCharacters(output).match(/^\w*Error\b[^\n]*/gm) ?? [];
  return errors.length > 0 && errors.every((e) => /timed out/i.test(e));
}

const filesFor = (m: Mutant) => option('--files')?.split(',') ?? GUARDED_FILES[m.file]!;

const parses = (file: string, text: string) =>
  !(ts.transpileModule(text, { fileName: file, reportDiagnostics: true }).diagnostics ?? []).length;

async function main() {
  const dir = scratchCopy();
  const mutants = Object.keys(GUARDED_FILES)
    .flatMap((file) => findGuards(file, readFileSync(join(dir, file), 'utf8')))
    .filter(
      (m) =>
        !option('--only') ||
        option('--only')!
          .split(',')
          .some((part) => m.id.includes(part)),
    )
    .filter((_, i) => {
      const [k, n] = (option('--shard') ?? '1/1').split('/').map(Number);
      return i % n! === k! - 1;
    });
  console.log(`${mutants.length} guard mutants in ${Object.keys(GUARDED_FILES).length} files`);
  if (flag('--list')) {
    for (const m of mutants)
      console.log(`  ${m.id}  ${m.change}${m.coveredBy ? `  [covered by ${m.coveredBy}]` : ''}`);
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const started = Date.now();
  const ddb = await startDynamoDb({ port: await freePort() });
  const outcomes: Outcome[] = [];
  try {
    if (!flag('--skip-baseline')) {
      const files = [...new Set(mutants.flatMap(filesFor))];
      const base = await runVitest(dir, files, ddb.endpoint, false);
      if (base.code !== 0) {
        console.error(base.out.slice(-4000));
        throw new Error('the unmutated integration files fail: fix them first');
      }
      console.log(`baseline: ${files.length} files pass (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    for (const [i, m] of mutants.entries()) {
      const t0 = Date.now();
      const target = join(dir, m.file);
      const original = readFileSync(target, 'utf8');
      let outcome: Outcome;
      if (!parses(m.file, m.mutated)) {
        outcome = { mutant: m, verdict: 'invalid', seconds: 0 };
      } else {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, m.mutated);
        // A test that only ran out of time proves nothing about the guard (a loaded machine):
        // run once more, and report it as timed out if it does again.
        let res = await runVitest(dir, filesFor(m), ddb.endpoint, true);
        if (res.code !== 0 && onlyTimeouts(res.out))
          res = await runVitest(dir, filesFor(m), ddb.endpoint, true);
        writeFileSync(target, original);
        const seconds = Math.round((Date.now() - t0) / 1000);
        outcome =
          res.code === 0
            ? { mutant: m, verdict: m.coveredBy ? 'redundant' : 'survived', seconds }
            : onlyTimeouts(res.out)
              ? { mutant: m, verdict: 'timed out', by: firstFailure(res.out), seconds }
              : { mutant: m, verdict: 'killed', by: firstFailure(res.out), seconds };
      }
      outcomes.push(outcome);
      console.log(
        `[${i + 1}/${mutants.length}] ${outcome.verdict.toUpperCase().padEnd(9)} ${m.id}  (${m.change}; ${outcome.seconds} s)` +
          (outcome.by ? `\n      by ${outcome.by}` : '') +
          (m.coveredBy ? `\n      covered by ${m.coveredBy}` : ''),
      );
    }
  } finally {
    await ddb.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const count = (v: Outcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `\nguards: ${outcomes.length} mutated, ${count('killed')} killed, ${count('redundant')} redundant (marked), ` +
      `${count('survived')} survived, ${count('invalid')} invalid, ${count('timed out')} timed out; ${minutes} min`,
  );
  const unproven = outcomes.filter((o) => ['survived', 'invalid', 'timed out'].includes(o.verdict));
  for (const o of unproven) console.log(`  ${o.verdict}: ${o.mutant.id}  ${o.mutant.change}`);
  if (unproven.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
