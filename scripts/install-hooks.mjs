#!/usr/bin/env node
/**
 * `prepare` (npm runs it at the end of `npm ci` and `npm install`): points git at .githooks/, so
 * the commit-msg check (scripts/commit-msg.mjs) runs on every commit in this clone. It does
 * nothing in CI (nobody commits there) or outside a git checkout (an unpacked tarball), and
 * never fails the install: a clone without the hook still builds.
 */
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });

function install() {
  if (process.env.CI) return null;
  const top = git('rev-parse', '--show-toplevel');
  // Only in this repository's own checkout, not in a checkout that merely contains it.
  if (top.status !== 0 || realpathSync(top.stdout.trim()) !== realpathSync(root)) return null;
  if (git('config', '--local', '--get', 'core.hooksPath').stdout.trim() === '.githooks') return null;
  const set = git('config', '--local', 'core.hooksPath', '.githooks');
  return set.status === 0
    ? 'git hooks: .githooks (commit-msg: subject of 72 characters or less)'
    : `git hooks not set: ${set.stderr.trim()}`;
}

const said = install();
if (said) console.log(said);
