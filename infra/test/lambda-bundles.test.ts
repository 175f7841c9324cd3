import { App, Stack } from 'aws-cdk-lib';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_HANDLER, LambdaBundles } from '../src/lambda-bundles';
import { LAMBDA_RUNTIME } from '../src/lambda-bundling';

// That each function of the shop runs its own bundle of the one build: stack.test.ts.
describe('a function asset', () => {
  const root = mkdtempSync(join(tmpdir(), 'khelaghor-lambda-hash-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('changes hash when the code changes, and only then', () => {
    writeFileSync(join(root, 'tsconfig.json'), '{}');
    mkdirSync(join(root, 'src'));
    const entry = join(root, 'src', 'fn.ts');
    const hashOf = (body: string) => {
      writeFileSync(entry, `export const handler = async () => ${body};\n`);
      const bundles = LambdaBundles.build({ repoRoot: root, entries: [entry], outDir: join(root, 'out') });
      const stack = new Stack(new App({ outdir: join(root, `cdk.out-${Math.random()}`) }), 'S');
      const fn = new LambdaFunction(stack, 'Fn', {
        code: bundles.code(entry),
        handler: BUNDLE_HANDLER,
        runtime: LAMBDA_RUNTIME,
      });
      return (fn.node.findChild('Code') as Asset).assetHash;
    };
    const one = hashOf('1');
    expect(hashOf('1')).toBe(one);
    expect(hashOf('2')).not.toBe(one);
  });
});
