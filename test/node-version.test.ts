import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME, LAMBDA_TARGET } from '../infra/src/lambda-bundling';
import { NODE24_VERSION, NODE_MAJOR } from '../scripts/node24.mjs';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/**
 * "Node 24 everywhere": the runtime Lambda runs is the Node every command here runs on. Bumping
 * the runtime in infra without the rest (or the rest without the runtime) fails here.
 */
describe('one Node major, the one Lambda runs', () => {
  const lambdaMajor = Number(/^nodejs(\d+)\.x$/.exec(LAMBDA_RUNTIME.name)?.[1]);

  it('is the major scripts/node24.mjs installs, and the bundles target', () => {
    expect(lambdaMajor).toBe(24);
    expect(NODE_MAJOR).toBe(lambdaMajor);
    expect(NODE24_VERSION).toMatch(new RegExp(`^${lambdaMajor}\\.\\d+\\.\\d+$`));
    expect(LAMBDA_TARGET).toBe(`node${lambdaMajor}`);
  });

  it('is what package.json engines, .nvmrc and @types/node say', () => {
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`${lambdaMajor}.x`);
    expect(read('.nvmrc').trim()).toBe(String(lambdaMajor));
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${lambdaMajor}\\.`));
  });

  // The machine's own Node may be older: code run on it fails where Lambda's would not (e.g.
  // Map.groupBy, Node 21+, made the guards' baseline fail on Node 20).
  it("runs every npm script that executes the shop's code (tsx, vitest)", () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const runsCode = Object.entries(scripts).filter(([, command]) => /\b(tsx|vitest)\b/.test(command));
    expect(runsCode.length).toBeGreaterThan(5);
    const elsewhere = runsCode.filter(([, command]) => !command.startsWith(ON_NODE24)).map(([name]) => name);
    expect(elsewhere).toEqual([]);
  });
});

const ON_NODE24 = 'PATH="$(node scripts/node24.mjs):$PATH" && ';
