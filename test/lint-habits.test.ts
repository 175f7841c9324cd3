import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` (test/lint.mjs) enforces the house's habits. Each check is run here, as lint runs
 * it, on a deliberate failing sample in test/lint-samples/ (which the real run skips) and on its
 * fixed twin: it must fail on the first, naming the problem, and pass on the second.
 */
const root = new URL('..', import.meta.url).pathname;
const samples = `${root}test/lint-samples`;
const bin = (name: string) => `${root}node_modules/.bin/${name}`;

/** ESLint's messages on a sample of test/lint-samples/<dir>, linted as a file of local/src. */
async function eslintSample(dir: string, sample: string): Promise<string[]> {
  const code = readFileSync(`${samples}/${dir}/${sample}`, 'utf8');
  const [result] = await new ESLint({ cwd: root }).lintText(code, {
    filePath: `${root}local/src/lint-sample.ts`,
  });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run lint', () => {
  it('runs every check', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.lint).toBe('node test/lint.mjs');
    const runner = readFileSync(`${root}test/lint.mjs`, 'utf8');
    for (const check of ['eslint', 'prettier', 'knip', 'docs']) expect(runner).toContain(`${check}: [`);
  });

  it('fails on an unformatted file (prettier --check)', async () => {
    // .gitignore instead of .prettierignore: the latter skips the samples in the real run.
    const check = (file: string) => run(bin('prettier'), ['--check', '--ignore-path', '.gitignore', file]);
    const [bad, good] = await Promise.all([
      check('test/lint-samples/prettier/unformatted.ts'),
      check('test/lint-samples/prettier/formatted.ts'),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toContain('test/lint-samples/prettier/unformatted.ts');
    expect(good.code).toBe(0);
  });

  it('fails on an import cycle and an unused export (knip, with the repository knip.json rules)', async () => {
    const config = JSON.parse(readFileSync(`${root}knip.json`, 'utf8')) as {
      include: string[];
      rules: object;
    };
    for (const sample of ['bad', 'good'])
      expect(JSON.parse(readFileSync(`${samples}/knip/${sample}/knip.json`, 'utf8'))).toEqual({
        include: config.include,
        rules: config.rules,
      });
    const check = (sample: string) =>
      run(bin('knip'), ['--no-progress', '--no-config-hints', '--directory', `${samples}/knip/${sample}`]);
    const [bad, good] = await Promise.all([check('bad'), check('good')]);
    expect(bad.code).not.toBe(0);
    expect(bad.output).toMatch(/Circular dependencies \(1\)\n\s*src\/ping\.ts → src\/pong\.ts/);
    expect(bad.output).toMatch(/Unused exports \(1\)\n\s*neverImported\s+src\/helpers\.ts/);
    expect(good.output).toBe('');
    expect(good.code).toBe(0);
  });

  it('fails on a floor broken in local/ (eslint, boundaries)', async () => {
    const lint = (sample: string) => eslintSample('floors', sample);
    expect(await lint('local-imports-kit.ts')).toEqual([
      'boundaries/element-types: local must not import kit (floors: docs/architecture.md)',
    ]);
    expect(await lint('local-imports-handlers.ts')).toEqual([]);
  });

  it('fails on zod imported other than through contract/src/zod.ts (eslint, no-restricted-imports)', async () => {
    const lint = (sample: string) => eslintSample('zod', sample);
    expect(await lint('imports-zod.ts')).toEqual([
      "no-restricted-imports: 'zod/mini' import is restricted from being used by a pattern. Import zod from '@khelaghor/contract/zod' (in contract: './zod').",
    ]);
    expect(await lint('imports-contract-zod.ts')).toEqual([]);
  });

  it('fails on a stale number, a broken link, a missing script and an outside document (docs check)', async () => {
    const [bad, good] = await Promise.all([
      run(process.execPath, ['test/docs-check.mjs', `${samples}/docs/stale.md`]),
      run(process.execPath, ['test/docs-check.mjs', `${samples}/docs/fixed.md`]),
    ]);
    expect(bad.code).toBe(1);
    const problems = bad.output.split('\n').filter((l) => l.startsWith('test/lint-samples/docs/stale.md:'));
    expect(problems).toEqual([
      'test/lint-samples/docs/stale.md:4: link to ../../../docs/benchmarks-gone.md: no such file',
      'test/lint-samples/docs/stale.md:4: npm run benchmark: no such script in package.json',
      "test/lint-samples/docs/stale.md:3: 500 buyers: the bench's flash sale has 1,000 buyers (bench/run.ts)",
      'test/lint-samples/docs/stale.md:5: "DESIGN" points to the design document, which is not in the repository: say what it says, or link a file here',
    ]);
    expect(good.output).toContain('0 problem(s)');
    expect(good.code).toBe(0);
  });
});
