import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME, LAMBDA_TARGET, lambdaBundling, lambdaEsbuildOptions } from '../src/lambda-bundling';
import { repoRoot } from '../src/paths';

describe('the Lambda bundle', () => {
  it('is built by NodejsFunction with the options the bundles bench builds with', () => {
    const esbuild = lambdaEsbuildOptions(repoRoot);
    const cdk = lambdaBundling(repoRoot);
    expect(LAMBDA_RUNTIME.name).toBe('nodejs24.x');
    expect([esbuild.target, cdk.target]).toEqual([LAMBDA_TARGET, LAMBDA_TARGET]);
    expect([esbuild.format, cdk.format]).toEqual(['esm', 'esm']);
    expect(cdk.mainFields).toEqual(esbuild.mainFields);
    expect(cdk.banner).toBe(esbuild.banner?.js);
    expect([cdk.minify, cdk.sourceMap, cdk.sourcesContent]).toEqual([
      esbuild.minify,
      esbuild.sourcemap,
      esbuild.sourcesContent,
    ]);
    // Nothing left to the runtime's SDK copy (CDK's default externals would be @aws-sdk/*).
    expect(cdk.externalModules).toEqual([]);
    expect(esbuild.external).toBeUndefined();
    expect(cdk.esbuildArgs).toEqual({
      '--alias': Object.entries(esbuild.alias ?? {}).map(([from, to]) => `${from}=${to}`),
    });
  });

  const dir = mkdtempSync(join(tmpdir(), 'khelaghor-bundle-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the SDK with only the environment credential provider, and loads from a directory of its own', async () => {
    const file = join(dir, 'index.mjs');
    await build({
      ...lambdaEsbuildOptions(repoRoot),
      entryPoints: [join(repoRoot, 'functions', 'src', 'handlers', 'system', 'health.ts')],
      outfile: file,
      logLevel: 'error',
    });
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
        cwd: dir,
        env: { PATH: process.env.PATH, TABLE_NAME: 'khelaghor', AWS_REGION: 'ap-southeast-1' },
        encoding: 'utf8',
      },
    );
    expect(loaded).toBe('function');
  }, 60_000);
});
