#!/usr/bin/env node
/**
 * `npm test`: every check, in phases, with the time each took. Lint and typecheck run side by
 * side, then the unit and component tests, then the integration tests beside the web build and
 * the browser tests. The first failing phase stops the run (what runs beside it is finished
 * first) and the exit code is its own. A plain Node script: no TypeScript loader to start.
 */
import { spawn } from 'node:child_process';
import { checkNode } from '../scripts/node24.mjs';

const root = new URL('..', import.meta.url).pathname;

// Integration (its own DynamoDB Local) and the browser tests (their own whole stack) share no
// process: they run side by side, the web build first on the browser side.
const PHASES = [
  [
    ['lint', 'npm run lint'],
    ['typecheck', 'npm run typecheck'],
  ],
  [['unit + web', 'npm run test:unit']],
  [
    ['integration', 'npm run test:integration'],
    ['build + e2e', 'npm run build:web && npm run test:e2e:run'],
  ],
];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

function run(name, command) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: 'inherit' });
    child.on('close', (code) => {
      const took = Date.now() - started;
      times.push([name, took, code]);
      console.log(`■ ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(took)}`);
      resolve(code ?? 1);
    });
  });
}

function report(total) {
  console.log('\nphase times');
  for (const [name, took, code] of times)
    console.log(`  ${name.padEnd(12)} ${seconds(took).padStart(6)}${code === 0 ? '' : '  FAILED'}`);
  console.log(`  ${'total'.padEnd(12)} ${seconds(total).padStart(6)}`);
}

async function main() {
  checkNode();
  const started = Date.now();
  for (const phase of PHASES) {
    const codes = await Promise.all(phase.map(([name, command]) => run(name, command)));
    const failed = codes.find((c) => c !== 0);
    if (failed !== undefined) {
      report(Date.now() - started);
      process.exit(failed);
    }
  }
  report(Date.now() - started);
}

if (process.argv.includes('--check-node')) checkNode();
else await main();
