import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { API_MESSAGES, formatApiMessage } from '@khelaghor/contract/api-messages';
import { routes } from '@khelaghor/contract';
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTotp, freshTotpCode } from '../../local/src/admin-mfa';
import {
  cognitoClient,
  ensureUser,
  ensureUserPool,
  startCognito,
  type PoolIds,
  type RunningCognito,
} from '../../local/src/cognito';
import { freePort } from '../../local/src/net';
import { freshTable } from '../../test/db';
import { invoke } from '../../test/invoke';
import { readAdminRole, writeAdminRole } from '../src/db/users/admin-role';
import type { Db } from '../src/db/client';
import { ADMIN_SESSION_HOURS, forgetAdminMfaAnswers, MFA_REQUIRED_MESSAGE } from '../src/kit/admin-access';
import { loadHandler } from '../src/handlers/load';
import { setClock } from '../src/runtime/clock';
import { resetConfig } from '../src/runtime/config';

/**
 * Issue 14: with ADMIN_MFA=required (AWS and the local stack) an admin route wants the admin's pool
 * user to have an authenticator app (TOTP). The pool is a real cognito-local (MFA optional, software
 * tokens, as the local stack makes it); the handlers are the real modules on DynamoDB Local.
 */
const PASSWORD = 'secret123';
let cognito: RunningCognito;
let pool: PoolIds;
let dataDir: string;
let db: Db;
const savedEnv = { ...process.env };

type Person = { email: string; userId: string; groups: string[] };
let first: Person; // an admin who enrols
let second: Person; // an admin who never enrols
let customer: Person;

async function person(email: string, opts: { admin: boolean }): Promise<Person> {
  const { sub } = await ensureUser(cognito.url, pool.userPoolId, { email, password: PASSWORD, name: email });
  if (opts.admin) {
    await writeAdminRole(db, sub, { isAdmin: true, by: 'test', now: new Date() }, { profile: 'if-exists' });
  }
  return { email, userId: sub, groups: opts.admin ? ['admin'] : [] };
}

const listUsers = (as: Person) => invoke('adminListUsers', { as });
const mfaRequired = {
  error: { code: 'mfa_required', message: MFA_REQUIRED_MESSAGE, reason: 'admin_mfa_required' },
};
const forbidden = {
  error: { code: 'forbidden', message: 'Admin access required', reason: 'admin_required' },
};

function useEnv(adminMfa: 'required' | 'off') {
  process.env.ADMIN_MFA = adminMfa;
  resetConfig();
}

/** Sign in as cognito-local asks: the password, then the app's code when a challenge comes. */
async function signIn(email: string, secret?: string) {
  const client = cognitoClient(cognito.url);
  try {
    const first = await client.send(
      new InitiateAuthCommand({
        ClientId: pool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: PASSWORD },
      }),
    );
    if (!first.ChallengeName) return { challenge: undefined, tokens: first.AuthenticationResult };
    if (!secret) return { challenge: first.ChallengeName, tokens: undefined };
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.clientId,
        ChallengeName: first.ChallengeName,
        Session: first.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(secret) },
      }),
    );
    return { challenge: first.ChallengeName, tokens: answered.AuthenticationResult };
  } finally {
    client.destroy();
  }
}

beforeAll(async () => {
  db = await freshTable('admin-mfa');
  dataDir = mkdtempSync(join(tmpdir(), 'khelaghor-admin-mfa-'));
  cognito = await startCognito({ dataDir, port: await freePort(), triggerUrl: 'http://127.0.0.1:1' });
  pool = await ensureUserPool(cognito.url);
  process.env.USER_POOL_ID = pool.userPoolId;
  process.env.COGNITO_ENDPOINT = cognito.url;
  useEnv('required');
  first = await person('first-admin@example.com', { admin: true });
  second = await person('second-admin@example.com', { admin: true });
  customer = await person('customer@example.com', { admin: false });
});

afterAll(async () => {
  for (const name of ['USER_POOL_ID', 'COGNITO_ENDPOINT', 'ADMIN_MFA'] as const) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
  resetConfig();
  forgetAdminMfaAnswers();
  await cognito?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('ADMIN_MFA=required', () => {
  let secret: string;

  it('refuses an admin without an authenticator app with 403 mfa_required and how to enrol', async () => {
    const res = await listUsers(first);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(mfaRequired);
    expect(res.body.error.message).toMatch(/authenticator app/);
    // Asking again asks Cognito again (a refusal is not cached): still refused.
    expect((await listUsers(first)).status).toBe(403);
  });

  it('lets the admin in at once after AssociateSoftwareToken + VerifySoftwareToken (+ preference)', async () => {
    secret = await enrolTotp(cognito.url, pool.clientId, { email: first.email, password: PASSWORD });
    const res = await listUsers(first);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.items)).toBe(true);
  });

  it('the enrolled admin now answers a TOTP challenge at sign-in; a customer never gets one', async () => {
    const admin = await signIn(first.email);
    expect(admin.challenge).toBe('SOFTWARE_TOKEN_MFA');
    expect(admin.tokens).toBeUndefined();
    const answered = await signIn(first.email, secret);
    expect(answered.tokens?.IdToken).toBeTruthy();

    const shopper = await signIn(customer.email);
    expect(shopper.challenge).toBeUndefined();
    expect(shopper.tokens?.IdToken).toBeTruthy();
  });

  it('keeps a positive answer for a while per container, and asks again when it is gone', async () => {
    // The admin turns the app off (their own access token): within the cache time the answer holds...
    const { tokens } = await signIn(first.email, secret);
    const client = cognitoClient(cognito.url);
    try {
      await client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: tokens!.AccessToken!,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
    } finally {
      client.destroy();
    }
    expect((await listUsers(first)).status).toBe(200);
    // ...and a new container (or 5 minutes later) asks Cognito again.
    forgetAdminMfaAnswers();
    const res = await listUsers(first);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(mfaRequired);
  });

  it('a customer is still 403 forbidden (the role check comes first), with or without the group claim', async () => {
    const plain = await listUsers(customer);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual(forbidden);
    const claimOnly = await listUsers({ ...customer, groups: ['admin'] });
    expect(claimOnly.status).toBe(403);
    expect(claimOnly.body).toEqual(forbidden);
  });

  it('an admin the pool no longer knows is 403 forbidden, not asked to enrol', async () => {
    const ghost = { email: 'ghost@example.com', userId: 'no-such-sub', groups: ['admin'] };
    await writeAdminRole(
      db,
      ghost.userId,
      { isAdmin: true, by: 'test', now: new Date() },
      { profile: 'if-exists' },
    );
    const res = await listUsers(ghost);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(forbidden);
  });
});

describe('ADMIN_MFA=off', () => {
  it('lets an admin without an authenticator app in, and still refuses a customer', async () => {
    useEnv('off');
    try {
      expect((await listUsers(second)).status).toBe(200);
      expect((await listUsers(customer)).status).toBe(403);
      expect((await listUsers(customer)).body).toEqual(forbidden);
    } finally {
      useEnv('required');
    }
    expect((await listUsers(second)).body).toEqual(mfaRequired);
  });
});

describe('admin sessions: short, and cut at enrolment', () => {
  const signInAgain = {
    error: {
      code: 'unauthorized',
      message: formatApiMessage(API_MESSAGES.admin_sign_in_again, { hours: ADMIN_SESSION_HOURS }),
      reason: 'admin_sign_in_again',
      params: { hours: ADMIN_SESSION_HOURS },
    },
  };
  /**
   * An admin route called with a token signed in at `authTime` (unix seconds): the claims a token
   * of that age carries, straight to the handler as the JWT authorizer hands them over (the tests'
   * own tokens are always minted now).
   */
  async function listUsersSignedInAt(who: Person, authTime: number) {
    const route = routes.adminListUsers;
    const origin = process.env.ORIGIN_VERIFY_SECRET;
    const event = buildHttpEvent({
      method: route.method,
      routePath: route.path,
      rawPath: route.path,
      headers: origin ? { 'x-origin-verify': origin } : {},
      sourceIp: '130.176.0.10',
      claims: { sub: who.userId, email: who.email, 'cognito:groups': '[admin]', auth_time: String(authTime) },
    });
    const handler = await loadHandler(route.handler);
    const res = await handler(event, { awsRequestId: 'test' } as Context);
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  }
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('refuses an admin session signed in more than 8 hours ago, however often it was refreshed', async () => {
    useEnv('off');
    try {
      expect((await listUsersSignedInAt(second, nowSeconds() - 7 * 3600)).status).toBe(200);
      const old = await listUsersSignedInAt(second, nowSeconds() - ADMIN_SESSION_HOURS * 3600 - 60);
      expect(old.status).toBe(401);
      expect(old.body).toEqual(signInAgain);
      // The handlers' clock moved on 9 hours: a token signed in now is then too old too.
      setClock(() => new Date(Date.now() + 9 * 3600_000));
      expect((await listUsers(second)).status).toBe(401);
    } finally {
      setClock(undefined);
      useEnv('required');
    }
  });

  it('after the authenticator app is confirmed, a session signed in before it no longer opens admin routes', async () => {
    const secret = await enrolTotp(cognito.url, pool.clientId, { email: second.email, password: PASSWORD });
    const before = nowSeconds() - 2;
    expect((await listUsersSignedInAt(second, before)).status).toBe(200);

    const confirmed = await invoke('adminConfirmMfa', { as: second });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // cognito-local has no AdminUserGlobalSignOut: nothing signed out here (on AWS: true).
    expect(confirmed.body).toEqual({ signed_out: false });
    const since = (await readAdminRole(db, second.userId)).mfaSince!;
    expect(since).toBeGreaterThanOrEqual(before + 2);

    const stale = await listUsersSignedInAt(second, since - 1);
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual(signInAgain);
    // Signing in again (password and code) gives a session from after the cut.
    const again = await signIn(second.email, secret);
    const claims = JSON.parse(Buffer.from(again.tokens!.IdToken!.split('.')[1]!, 'base64url').toString()) as {
      auth_time: number;
    };
    expect(claims.auth_time).toBeGreaterThanOrEqual(since);
    expect((await listUsersSignedInAt(second, claims.auth_time)).status).toBe(200);
  });

  it('will not confirm an app Cognito does not know about', async () => {
    const res = await invoke('adminConfirmMfa', { as: customer });
    expect(res.status).toBe(403);
    useEnv('off');
    try {
      const third = await person('third-admin@example.com', { admin: true });
      const notEnrolled = await invoke('adminConfirmMfa', { as: third });
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.body).toEqual(mfaRequired);
      expect((await readAdminRole(db, third.userId)).mfaSince).toBeUndefined();
    } finally {
      useEnv('required');
    }
  });
});
