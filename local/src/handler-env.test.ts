import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handlerEnv } from './handler-env';

const dataDir = mkdtempSync(join(tmpdir(), 'handler-env-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const parts = {
  dataDir,
  tableName: 't',
  dynamodbEndpoint: 'http://localhost:1',
  userPoolId: 'local_pool',
  cognitoUrl: 'http://localhost:2',
  url: 'http://localhost:3',
  gatewayUrl: 'http://localhost:4',
  gatewayApiKey: 'k',
};

describe('handlerEnv', () => {
  it('leaves the public cache at its production default (the bench turns it off on its own server only)', () => {
    expect(handlerEnv(parts)).not.toHaveProperty('PUBLIC_CACHE_MS');
  });

  it('gives every server on one data dir the same cursor secret and secret store', () => {
    const a = handlerEnv(parts);
    const b = handlerEnv({ ...parts, quiet: true });
    expect(a.CURSOR_SECRET).toBe(b.CURSOR_SECRET);
    expect(readFileSync(join(dataDir, 'cursor-secret'), 'utf8').trim()).toBe(a.CURSOR_SECRET);
    expect(a.LOCAL_SECRETS_DIR).toBe(join(dataDir, 'secrets'));
    expect(a.ADMIN_MFA).toBe('required');
    expect(a.CALLBACK_LOOPBACK).toBe('allow');
  });

  it("sends the handlers' mail to the stack's SMTP server, from the shop's local sender", () => {
    const env = handlerEnv({ ...parts, smtpUrl: 'smtp://127.0.0.1:2525' });
    expect(env.SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(env.MAIL_FROM).toBe('Khelaghor <no-reply@khelaghor.local>');
    expect(handlerEnv(parts)).not.toHaveProperty('SMTP_URL');
  });
});
