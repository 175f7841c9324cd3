import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Times module initialisation as Lambda does it: the handler file is import()ed by a Node
 * process that has loaded nothing of ours. Each bundle is copied to a directory outside the
 * repository first, so it cannot take anything from node_modules (on Lambda, /var/task holds only
 * the bundle, and the runtime's own SDK in /var/runtime/node_modules is not on an ES module's
 * search path).
 */
export interface InitProbe {
  /** Copies a bundle (and its source map, as deployed) in as `<name>/index.mjs`; returns its path. */
  place(name: string, bundle: string): string;
  /** The init time in ms of one fresh process. */
  once(file: string): number;
  dispose(): void;
}

/** The environment every function has (infra sets the same names); nothing from this shell. */
const lambdaEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  TABLE_NAME: 'khelaghor',
  AWS_REGION: 'ap-southeast-1',
  USER_POOL_ID: 'ap-southeast-1_bench',
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
};

const probe =
  'const t=process.hrtime.bigint();await import(process.argv[1]);' +
  'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';

export function initProbe(): InitProbe {
  const root = mkdtempSync(join(tmpdir(), 'khelaghor-init-'));
  assertIsolated(root);
  return {
    place(name, bundle) {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'index.mjs');
      copyFileSync(bundle, file);
      if (existsSync(`${bundle}.map`)) copyFileSync(`${bundle}.map`, `${file}.map`);
      return file;
    },
    once: (file) =>
      Number(
        execFileSync(process.execPath, ['--input-type=module', '-e', probe, pathToFileURL(file).href], {
          env: lambdaEnv,
          cwd: dirname(file),
          encoding: 'utf8',
        }),
      ),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A node_modules above the probe directory would let a bundle load what it left out. */
function assertIsolated(dir: string): void {
  const resolve = createRequire(join(dir, 'index.mjs')).resolve;
  for (const name of ['@aws-sdk/client-dynamodb', 'zod']) {
    let found: string | undefined;
    try {
      found = resolve(name);
    } catch {
      continue;
    }
    throw new Error(
      `the init probe in ${dir} can load ${name} from ${found}: bundles would not be timed alone`,
    );
  }
}
