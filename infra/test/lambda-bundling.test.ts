import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, LambdaBundles } from '../src/lambda-bundles';
import { LAMBDA_RUNTIME, LAMBDA_TARGET, lambdaEsbuildOptions } from '../src/lambda-bundling';
import { repoRoot } from '../src/paths';

describe('the Lambda bundle', () => {
  it('targets the runtime the functions run on, as an ES module', () => {
    const esbuild = lambdaEsbuildOptions(repoRoot);
    expect(LAMBDA_RUNTIME.name).toBe('nodejs24.x');
    expect([esbuild.target, esbuild.format, esbuild.platform]).toEqual([LAMBDA_TARGET, 'esm', 'node']);
    // Nothing left to the runtime's SDK copy.
    expect(esbuild.external).toBeUndefined();
  });

  const dir = mkdtempSync(join(tmpdir(), 'khelaghor-bundle-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the SDK with only the environment credential provider, and loads from a directory of its own', () => {
    // Built as every function is (lambda-bundles.ts), and loaded from a copy of its folder alone.
    const entry = join(repoRoot, 'functions', 'src', 'handlers', 'system', 'health.ts');
    const built = LambdaBundles.build({ repoRoot, entries: [entry], outDir: join(dir, 'build') });
    cpSync(built.bundleOf(entry).dir, join(dir, 'fn'), { recursive: true });
    const file = join(dir, 'fn', BUNDLE_FILE);
    const code = readFileSync(file, 'utf8');
    expect(code).not.toMatch(/(from\s*|import\()["']@aws-sdk\//);
    expect(code).toContain('Unable to find environment variable credentials.');
    // A string of credential-provider-node's chain, which the alias leaves out.
    expect(code).not.toContain('Skipping SSO provider in default chain');
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const m = await import(process.argv[1]); process.stdout.write(typeof m.handler)',
        pathToFileURL(file).href,
      ],
      {
        cwd: join(dir, 'fn'),
        env: { PATH: process.env.PATH, TABLE_NAME: 'khelaghor', AWS_REGION: 'ap-southeast-1' },
        encoding: 'utf8',
      },
    );
    expect(loaded).toBe('function');
  }, 120_000);
});
