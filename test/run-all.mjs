#!/usr/bin/env node
/**
 * `npm test`: every check, in two lanes that run side by side from the start, with the time each
 * step took. The browser lane (web build, then the browser tests) mostly waits on pages and the
 * stack; the checks lane (lint beside typecheck, then unit and component tests, then integration)
 * is all CPU, and fills what the browser lane leaves of two cores. A failing step stops its own
 * lane; the other lane finishes, and the exit code is the first failure's. A plain Node script:
 * no TypeScript loader to start.
 */
import { spawn } from 'node:child_process';
import { checkNode } from '../scripts/node24.mjs';

const root = new URL('..', import.meta.url).pathname;

// A lane is a list of steps run one after another; a step's commands run side by side.
// Integration (its own DynamoDB Local) and the browser tests (their own whole stack) share no
// process or port.
const LANES = [
  [
    [
      ['lint', 'npm run lint'],
      ['typecheck', 'npm run typecheck'],
    ],
    [['unit + web', 'npm run test:unit']],
    [['integration', 'npm run test:integration']],
  ],
  [[['web build', 'npm run build:web']], [['e2e', 'npm run test:e2e:run']]],
];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const since = (t) => seconds(Date.now() - t);

function run(name, command, started) {
  const begun = Date.now();
  console.log(`\n▶ ${name} (at ${since(started)}): ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: 'inherit' });
    child.on('close', (code) => {
      const took = Date.now() - begun;
      times.push([name, took, code, since(started)]);
      console.log(`■ ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(took)}`);
      resolve(code ?? 1);
    });
  });
}

async function runLane(steps, started) {
  for (const step of steps) {
    const codes = await Promise.all(step.map(([name, command]) => run(name, command, started)));
    const failed = codes.find((c) => c !== 0);
    if (failed !== undefined) return failed;
  }
  return 0;
}

function report(total) {
  console.log('\nstep times (ended at: since the start of npm test)');
  for (const [name, took, code, endedAt] of times)
    console.log(
      `  ${name.padEnd(12)} ${seconds(took).padStart(6)}  ended at ${endedAt.padStart(6)}${code === 0 ? '' : '  FAILED'}`,
    );
  console.log(`  ${'total'.padEnd(12)} ${seconds(total).padStart(6)}`);
}

async function main() {
  checkNode();
  const started = Date.now();
  const codes = await Promise.all(LANES.map((lane) => runLane(lane, started)));
  report(Date.now() - started);
  const failed = codes.find((c) => c !== 0);
  if (failed !== undefined) process.exit(failed);
}

if (process.argv.includes('--check-node')) checkNode();
else await main();
