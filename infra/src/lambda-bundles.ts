import { Code } from 'aws-cdk-lib/aws-lambda';
import { buildSync } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { grantsOfBuiltBundle, type CodeGrants } from './code-grants';
import { lambdaEsbuildOptions } from './lambda-bundling';

/** Every bundle's file (index.mjs, beside its index.mjs.map) and so every function's handler. */
export const BUNDLE_FILE = 'index.mjs';
export const BUNDLE_HANDLER = 'index.handler';

export interface LambdaBundle {
  /** The entry module (functions/src/handlers/<area>/<use-case>.ts). */
  entry: string;
  /** The folder that is the function's code asset: index.mjs and index.mjs.map, nothing else. */
  dir: string;
  /** dir/index.mjs */
  file: string;
  /** The modules in the bundle and their bytes in it (esbuild's metafile), by path from the repo root. */
  inputs: Record<string, { bytesInOutput: number }>;
}

/** Where `npm run synth` and `npm run deploy` build (git ignores dist/); emptied before each build. */
export function defaultBundlesDir(repoRoot: string): string {
  return join(repoRoot, 'infra', 'dist', 'lambda');
}

/**
 * The folder of one entry's bundle: its path from the repository root, flattened, so no bundle's
 * folder is inside another's (`orders/place-order` beside a would-be `orders/place-order/x`).
 */
function folderName(repoRoot: string, entry: string): string {
  const path = relative(repoRoot, entry);
  if (path.startsWith('..') || isAbsolute(path))
    throw new Error(`Lambda entry outside the repository: ${entry}`);
  return path.replace(/\.ts$/, '').split(/[\\/]/).join('__');
}

/**
 * Every Lambda of the shop bundled by ONE esbuild build (many entry points, the options of
 * lambda-bundling.ts), instead of CDK's NodejsFunction running one esbuild process per function
 * (15 min of a dev synth on the loaded machine here): one build parses the SDK and the contract
 * once for all functions. Each entry still gets a self-contained file (no code splitting), byte
 * for byte what NodejsFunction wrote. The functions' code assets (code()), the grant reader and
 * the bundles bench all read this one output.
 */
export class LambdaBundles {
  private readonly grants = new Map<string, CodeGrants>();

  private constructor(
    readonly repoRoot: string,
    readonly outDir: string,
    private readonly byEntry: Map<string, LambdaBundle>,
  ) {}

  static build(opts: { repoRoot: string; entries: string[]; outDir: string }): LambdaBundles {
    const { repoRoot, outDir } = opts;
    const folders = new Map([...new Set(opts.entries)].sort().map((e) => [folderName(repoRoot, e), e]));
    // A bundle left from an earlier build must never be deployed as this one's.
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const { metafile } = buildSync({
      ...lambdaEsbuildOptions(repoRoot),
      entryPoints: Object.fromEntries([...folders].map(([folder, entry]) => [`${folder}/index`, entry])),
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      // Paths in the metafile from the repository root, as CDK's per-function esbuild ran.
      absWorkingDir: repoRoot,
      metafile: true,
      logLevel: 'error',
    });
    const byEntry = new Map<string, LambdaBundle>();
    for (const [folder, entry] of folders) {
      const dir = join(outDir, folder);
      const file = join(dir, BUNDLE_FILE);
      const output = metafile.outputs[relative(repoRoot, file).split('\\').join('/')];
      if (!output) throw new Error(`esbuild wrote no bundle for ${relative(repoRoot, entry)}`);
      byEntry.set(entry, { entry, dir, file, inputs: output.inputs });
    }
    return new LambdaBundles(repoRoot, outDir, byEntry);
  }

  /** The bundle of one entry; an entry the build did not have is a bug in the caller's list. */
  bundleOf(entry: string): LambdaBundle {
    const bundle = this.byEntry.get(entry);
    if (!bundle) throw new Error(`No Lambda bundle was built for ${entry}`);
    return bundle;
  }

  /** The function's code: its bundle's folder as an asset (hashed by content, so a code change deploys). */
  code(entry: string): Code {
    return Code.fromAsset(this.bundleOf(entry).dir);
  }

  /** What the entry's code asks of AWS, read from its bundle (code-grants.ts): its role's grants. */
  grantsOf(entry: string): CodeGrants {
    const known = this.grants.get(entry);
    if (known) return known;
    const grants = grantsOfBuiltBundle(this.bundleOf(entry));
    this.grants.set(entry, grants);
    return grants;
  }

  get bundles(): LambdaBundle[] {
    return [...this.byEntry.values()];
  }
}
