import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Secrets Manager faked at the SDK's edge: the reader's own code (parse, cache, ARN) runs.
const stored = new Map<string, string>();
const calls: string[] = [];
vi.mock('@aws-sdk/client-secrets-manager', () => ({
  SecretsManagerClient: class {
    send(command: { input: { SecretId: string } }) {
      calls.push(command.input.SecretId);
      const value = stored.get(command.input.SecretId);
      return value === undefined
        ? Promise.reject(new Error('ResourceNotFoundException'))
        : Promise.resolve({ SecretString: value });
    }
  },
  GetSecretValueCommand: class {
    constructor(readonly input: { SecretId: string }) {}
  },
}));
// The reader imports the SDK statically, and the unit tests share their workers' modules: an
// earlier file (kit/edge.test.ts) may have loaded it with the real SDK, so it is loaded afresh.
vi.resetModules();
const { DEVELOPMENT_CURSOR_SECRET, resetConfig } = await import('./config');
const {
  clearSecretCache,
  cursorKeys,
  parseRotatingSecret,
  readRotatingSecret,
  resellerKeyRoots,
  SECRET_CACHE_MS,
} = await import('./secrets');

const NAMES = [
  'NODE_ENV',
  'CURSOR_SECRET',
  'CURSOR_SECRET_ARN',
  'RESELLER_KEY_SECRET',
  'RESELLER_KEY_SECRET_ARN',
];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
function withEnv(env: Record<string, string | undefined>) {
  for (const n of NAMES) delete process.env[n];
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  process.env.TABLE_NAME ??= 'unit';
  resetConfig();
  clearSecretCache();
}
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const ARN = 'arn:aws:secretsmanager:ap-southeast-1:111122223333:secret:CursorSecret-abc';

beforeEach(() => {
  stored.clear();
  calls.length = 0;
});
afterEach(() => withEnv(saved));

describe('rotating secrets', () => {
  it('reads {"current","previous"} from Secrets Manager once per cache period, then again', async () => {
    withEnv({ NODE_ENV: 'production', CURSOR_SECRET_ARN: ARN });
    stored.set(ARN, JSON.stringify({ current: A }));
    let now = 1_000_000;
    expect(await readRotatingSecret('CURSOR_SECRET', () => now)).toEqual({ current: A, previous: [] });
    // Rotated in Secrets Manager: this container keeps the cached value until the period ends.
    stored.set(ARN, JSON.stringify({ current: B, previous: A }));
    now += SECRET_CACHE_MS - 1;
    expect((await readRotatingSecret('CURSOR_SECRET', () => now))?.current).toBe(A);
    now += 1;
    expect(await readRotatingSecret('CURSOR_SECRET', () => now)).toEqual({ current: B, previous: [A] });
    expect(calls).toEqual([ARN, ARN]);
  });

  it('does not keep a failed read: the next call asks again', async () => {
    withEnv({ NODE_ENV: 'production', CURSOR_SECRET_ARN: ARN });
    await expect(readRotatingSecret('CURSOR_SECRET')).rejects.toThrow(/ResourceNotFound/);
    stored.set(ARN, JSON.stringify({ current: A }));
    expect((await readRotatingSecret('CURSOR_SECRET'))?.current).toBe(A);
  });

  it('reads a plain value as current; refuses broken JSON, a short value, a non-string', () => {
    expect(parseRotatingSecret('CURSOR_SECRET', A, 'Secrets Manager')).toEqual({ current: A, previous: [] });
    expect(() => parseRotatingSecret('CURSOR_SECRET', `{${A}`, 'x')).toThrow(/not JSON/);
    expect(() => parseRotatingSecret('CURSOR_SECRET', '{"current":"short"}', 'x')).toThrow(/at least 32/);
    expect(() =>
      parseRotatingSecret('CURSOR_SECRET', JSON.stringify({ current: A, previous: [7] }), 'x'),
    ).toThrow();
    expect(
      parseRotatingSecret('CURSOR_SECRET', JSON.stringify({ current: A, previous: [B, A] }), 'x'),
    ).toEqual({
      current: A,
      previous: [B],
    });
  });

  it('requires a secret in production and refuses the development value there', async () => {
    withEnv({ NODE_ENV: 'production' });
    await expect(cursorKeys()).rejects.toThrow(/CURSOR_SECRET_ARN: required in production/);
    await expect(resellerKeyRoots()).rejects.toThrow(/RESELLER_KEY_SECRET_ARN: required in production/);
    withEnv({ NODE_ENV: 'production', CURSOR_SECRET: DEVELOPMENT_CURSOR_SECRET });
    await expect(cursorKeys()).rejects.toThrow(/CURSOR_SECRET: required in production/);
    withEnv({ NODE_ENV: 'test' });
    expect(await cursorKeys()).toEqual({ current: DEVELOPMENT_CURSOR_SECRET, previous: [] });
    withEnv({ NODE_ENV: 'production', CURSOR_SECRET: A });
    expect(await cursorKeys()).toEqual({ current: A, previous: [] });
  });
});
