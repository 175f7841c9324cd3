#!/usr/bin/env node
// Runs before tsx exists: install the workspace when node_modules is missing, or older than
// package-lock.json (a `git pull` that brought a new dependency).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNode } from '../../scripts/node24.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// `npm start` puts Node 24 first on PATH before this runs (scripts/node24.mjs), so the npm below
// runs on it too and the install raises no engine warning; run on its own, this says what to do.
checkNode();
const lock = join(root, 'package-lock.json');
// npm writes node_modules/.package-lock.json at the end of every install.
const installed = join(root, 'node_modules', '.package-lock.json');
const missing = !existsSync(join(root, 'node_modules', '.bin', 'tsx'));
const stale =
  !missing &&
  existsSync(lock) &&
  (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs);
if (missing || stale) {
  const command = existsSync(lock) ? 'ci' : 'install';
  console.log(
    `node_modules is ${missing ? 'missing' : 'older than package-lock.json'}: running npm ${command}...`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`npm ${command} failed: fix the error above and run npm start again.`);
    process.exit(res.status ?? 1);
  }
}
