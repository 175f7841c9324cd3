#!/usr/bin/env node
/**
 * `npm test`: every check, in two lanes that run side by side from the start, with the time and
 * the CPU each step took. The browser lane (web build, then the browser tests) is a chain of short
 * waits on pages and the stack: it runs at normal priority. The checks lane (lint beside
 * typecheck, then integration beside unit and component tests) is all CPU and runs niced, so it
 * takes what the browser lane leaves of two cores instead of slowing each of its steps. A failing
 * step stops its own lane; the other lane finishes, and the exit code is the first failure's.
 * A plain Node script: no TypeScript loader to start.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkNode } from '../scripts/node24.mjs';

const root = new URL('..', import.meta.url).pathname;

// A lane is a list of steps run one after another; a step's commands run side by side.
// Integration (its own DynamoDB Local) and the browser tests (their own whole stack) share no
// process or port. Measured on two cores (issue 29), integration sharing loaded modules: lint and
// typecheck first, then integration beside unit + web, 723 s (1,084 CPU-seconds), integration
// alone for the last 143 s; integration started at once in a lane of its own, 769 s (1,163
// CPU-seconds): five steps at once on two cores stretched every one of them.
const LANES = [
  {
    nice: 10,
    steps: [
      [
        ['lint', 'npm run lint'],
        ['typecheck', 'npm run typecheck'],
      ],
      [
        ['integration', 'npm run test:integration'],
        ['unit + web', 'npm run test:unit'],
      ],
    ],
  },
  { nice: 0, steps: [[['web build', 'npm run build:web']], [['e2e', 'npm run test:e2e:run']]] },
];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const since = (t) => seconds(Date.now() - t);

// The CPU a step used, where Linux tells it: this process's cutime + cstime (fields 16-17 of
// /proc/self/stat, in clock ticks of 1/100 s) grow by a child's whole tree when it is reaped, so the
// growth read as each step ends is that step's CPU. On two cores it says which step to make cheaper.
let cpuSeen = childCpu();
function childCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

function run(name, command, started) {
  const begun = Date.now();
  console.log(`\n▶ ${name} (at ${since(started)}): ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: 'inherit' });
    child.on('exit', () => {
      const now = childCpu();
      child.cpu = now === undefined || cpuSeen === undefined ? undefined : now - cpuSeen;
      cpuSeen = now;
    });
    child.on('close', (code) => {
      const took = Date.now() - begun;
      times.push([name, took, code, since(started), child.cpu]);
      console.log(`■ ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(took)}`);
      resolve(code ?? 1);
    });
  });
}

async function runLane({ nice, steps }, started) {
  for (const step of steps) {
    const codes = await Promise.all(
      step.map(([name, command]) => run(name, nice ? `nice -n ${nice} ${command}` : command, started)),
    );
    const failed = codes.find((c) => c !== 0);
    if (failed !== undefined) return failed;
  }
  return 0;
}

function report(total) {
  console.log("\nstep times (ended at: since the start of npm test; CPU: what the step's processes used)");
  let cpuTotal = 0;
  for (const [name, took, code, endedAt, cpu] of times) {
    cpuTotal += cpu ?? 0;
    const cpuText = cpu === undefined ? '' : `  CPU ${seconds(cpu).padStart(6)}`;
    console.log(
      `  ${name.padEnd(12)} ${seconds(took).padStart(6)}  ended at ${endedAt.padStart(6)}${cpuText}${code === 0 ? '' : '  FAILED'}`,
    );
  }
  console.log(
    `  ${'total'.padEnd(12)} ${seconds(total).padStart(6)}${cpuTotal ? `  CPU ${seconds(cpuTotal)}` : ''}`,
  );
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
