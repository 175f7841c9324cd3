#!/usr/bin/env node
/**
 * `npm run lint`: the house's habits, each a check of its own, run side by side; prints each one's
 * time and the output of those that fail, and exits non-zero when any fails.
 * - eslint: the code rules and the floors (docs/architecture.md), every workspace;
 * - prettier: every file formatted (.prettierignore lists what is not ours to format);
 * - knip: no unused file, export or exported type; no import cycle (knip.json);
 * - docs: README.md and docs/ agree with the code (test/docs-check.mjs).
 * `node test/lint.mjs knip docs` runs only those.
 */
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => `${root}node_modules/.bin/${name}`;

const CHECKS = {
  eslint: [bin('eslint'), ['.', '--max-warnings=0']],
  // The cache (node_modules/.cache) skips files whose content it saw formatted.
  prettier: [bin('prettier'), ['--check', '.', '--log-level=warn', '--cache', '--cache-strategy=content']],
  knip: [bin('knip'), ['--no-progress', '--no-config-hints']],
  docs: [process.execPath, ['test/docs-check.mjs']],
};

function run(name, [command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (error) =>
      resolve({ name, code: 1, output: String(error), took: Date.now() - started }),
    );
    child.on('close', (code) => resolve({ name, code: code ?? 1, output, took: Date.now() - started }));
  });
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !(n in CHECKS));
if (unknown.length) {
  console.error(`unknown check(s): ${unknown.join(', ')}; the checks are ${Object.keys(CHECKS).join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : Object.keys(CHECKS);
const results = await Promise.all(names.map((name) => run(name, CHECKS[name])));
for (const r of results) {
  const status = r.code === 0 ? 'passed' : 'FAILED';
  console.log(`■ ${r.name}: ${status} in ${(r.took / 1000).toFixed(0)} s`);
  if (r.code !== 0) console.log(r.output.trimEnd().replace(/^/gm, '  '));
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length) {
  console.log(`lint failed: ${failed.join(', ')}`);
  process.exit(1);
}
