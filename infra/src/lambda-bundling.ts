import type { BuildOptions } from 'esbuild';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { join } from 'node:path';

/**
 * How every Lambda is bundled, in one place: one esbuild build of every function with these
 * options (lambda-bundles.ts) is the deployed code, which the bundles bench (bench/src/bundles.ts)
 * times, and the grant reader (code-grants.ts) resolves the same modules. The choices are measured in
 * docs/benchmarks.md (section 4); the figures below are module init on Node 20 here.
 *
 * - The AWS SDK is bundled, not taken from the runtime: Lambda's own copy is CommonJS read from
 *   /var/runtime/node_modules (the DynamoDB client and document client: 33 files, ~57 ms here),
 *   one tree-shaken file of the same is ~30 ms.
 * - ESM, with `module` before `main`: the SDK's ES builds tree-shake (its CommonJS builds are one
 *   file per package holding every command: 650-800 KB bundles instead of 300-480 KB), and the
 *   same tree-shaken code loads faster as an ES module than as CommonJS (56-77 against 79-120 ms).
 * - The default credential chain is replaced by the environment provider: Lambda always hands the
 *   role's credentials over in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, and
 *   the chain's SSO, STS, INI, process and instance-metadata providers are ~135 KB per bundle
 *   that no Lambda runs (functions/src/runtime/lambda-credentials.ts).
 */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
export const LAMBDA_TARGET = LAMBDA_RUNTIME.name.replace(/^nodejs(\d+)\.x$/, 'node$1');
const LAMBDA_MAIN_FIELDS = ['module', 'main'];
/** A CommonJS dependency's `require('node:…')` still works in the ES module (none needs it today). */
const LAMBDA_BANNER =
  "import { createRequire as __khelaghorCreateRequire } from 'node:module'; const require = __khelaghorCreateRequire(import.meta.url);";
const CREDENTIAL_CHAIN = '@aws-sdk/credential-provider-node';

function lambdaAliases(repoRoot: string): Record<string, string> {
  return { [CREDENTIAL_CHAIN]: join(repoRoot, 'functions', 'src', 'runtime', 'lambda-credentials.ts') };
}

/** esbuild options of a deployed bundle (add entryPoints and outdir): lambda-bundles.ts builds with them. */
export function lambdaEsbuildOptions(repoRoot: string): BuildOptions {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: LAMBDA_TARGET,
    mainFields: LAMBDA_MAIN_FIELDS,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    banner: { js: LAMBDA_BANNER },
    alias: lambdaAliases(repoRoot),
    tsconfig: join(repoRoot, 'tsconfig.json'),
  };
}
