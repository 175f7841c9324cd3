import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_GROUP,
  cognitoClient,
  ensureUser,
  ensureUserPool,
  startCognito,
  type PoolIds,
  type RunningCognito,
} from './cognito';
import { freePort } from './net';
import { exportUsers } from './user-export';

/** The export of the accounts against a real cognito-local pool, made as the local stack makes it. */
let cognito: RunningCognito;
let pool: PoolIds;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'khelaghor-user-export-'));
  cognito = await startCognito({ dataDir, port: await freePort(), triggerUrl: 'http://127.0.0.1:1' });
  pool = await ensureUserPool(cognito.url);
});
afterAll(async () => {
  await cognito?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('exporting the users', () => {
  it('lists every user with their attributes and groups', async () => {
    const admin = await ensureUser(cognito.url, pool.userPoolId, {
      email: 'boss@example.com',
      password: 'secret123',
      name: 'The Boss',
      groups: [ADMIN_GROUP],
    });
    const buyer = await ensureUser(cognito.url, pool.userPoolId, {
      email: 'buyer@example.com',
      password: 'secret123',
      name: 'A Buyer',
    });
    const client = cognitoClient(cognito.url);
    try {
      const users = await exportUsers(client, pool.userPoolId);
      expect(users).toHaveLength(2);
      const bySub = new Map(users.map((u) => [u.sub, u]));
      expect(bySub.get(admin.sub)).toMatchObject({
        email: 'boss@example.com',
        groups: [ADMIN_GROUP],
        attributes: expect.objectContaining({ name: 'The Boss', email: 'boss@example.com', sub: admin.sub }),
      });
      expect(bySub.get(buyer.sub)).toMatchObject({ email: 'buyer@example.com', groups: [], enabled: true });
      expect(bySub.get(buyer.sub)!.created).toMatch(/^\d{4}-\d\d-\d\dT/);
    } finally {
      client.destroy();
    }
  });
});
