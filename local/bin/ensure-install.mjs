#!/usr/bin/env node
// Runs before tsx exists: install the workspace once when node_modules is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node ${process.versions.node} is too old: install Node 20.19 or newer.`);
  process.exit(1);
}
if (!existsSync(join(root, 'node_modules', '.bin', 'tsx'))) {
  const command = existsSync(join(root, 'package-lock.json')) ? 'ci' : 'install';
  console.log(`node_modules is missing: running npm ${command} (once)...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const res = spawnSync(npm, [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`npm ${command} failed: fix the error above and run npm start again.`);
    process.exit(res.status ?? 1);
  }
}
