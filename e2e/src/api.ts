import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { buildPath, routes, type RouteName } from '@khelaghor/contract';
import { ADMIN_GROUP } from '@khelaghor/contract/roles';
import { randomUUID } from 'node:crypto';
import { writeAdminRole } from '../../functions/src/db/users/admin-role';
import { createDb } from '../../functions/src/db/client';
import { freshTotpCode } from '../../local/src/admin-mfa';
import type { LooseBody, ResponseOf } from '../../test/invoke';
import type { StackInfo } from './stack-info';

type Stack = Pick<StackInfo, 'url' | 'cognitoUrl' | 'userPoolId' | 'clientId'> & {
  /** The demo admin: its authenticator secret answers its sign-in's TOTP challenge. */
  admin?: StackInfo['admin'];
};
/** Making an admin also writes the role record, so it needs the stack's table. */
type AdminStack = Stack & Pick<StackInfo, 'dynamodbEndpoint' | 'tableName'>;

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  phone?: string;
  sub: string;
  tokens: Tokens;
}

function cognito(stack: Stack): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: stack.cognitoUrl,
    region: 'ap-southeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A unique email for one test (the stack is shared by every e2e file). */
export function uniqueEmail(prefix = 'player'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The authenticator secret for this email that the stack knows (the demo admin's). */
export function knownTotpSecret(stack: { admin?: StackInfo['admin'] }, email: string): string | undefined {
  return stack.admin?.email === email.trim().toLowerCase() ? stack.admin.totpSecret : undefined;
}

/**
 * Tokens straight from cognito-local (USER_PASSWORD_AUTH), as the SPA gets them. A user with an
 * authenticator app (the demo admin: the local API wants admins to have one, as on AWS) answers the
 * SOFTWARE_TOKEN_MFA challenge with a code from `totpSecret` (default: the stack's demo admin's).
 */
export async function getTokens(
  stack: Stack,
  email: string,
  password: string,
  totpSecret = knownTotpSecret(stack, email),
): Promise<Tokens> {
  const client = cognito(stack);
  try {
    let res = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (res.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      if (!totpSecret) throw new Error(`${email} has an authenticator app: pass its secret to getTokens`);
      res = await client.send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: res.Session,
          ChallengeResponses: {
            USERNAME: res.ChallengeParameters?.USER_ID_FOR_SRP ?? email,
            SOFTWARE_TOKEN_MFA_CODE: await freshTotpCode(totpSecret),
          },
        }),
      );
    }
    const r = res.AuthenticationResult;
    if (!r?.IdToken || !r.AccessToken)
      throw new Error(`no tokens for ${email} (${res.ChallengeName ?? 'no challenge'})`);
    return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken ?? '' };
  } finally {
    client.destroy();
  }
}

/** Sign a new customer up through the pool, confirm them as an admin would (no mail read) and sign them in. */
export async function createUser(
  stack: Stack | AdminStack,
  opts: { email?: string; password?: string; fullName?: string; phone?: string; admin?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'secret123';
  const fullName = opts.fullName ?? 'Test Player';
  const client = cognito(stack);
  try {
    const res = await client.send(
      new SignUpCommand({
        ClientId: stack.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: fullName },
          ...(opts.phone ? [{ Name: 'phone_number', Value: opts.phone }] : []),
        ],
      }),
    );
    const sub = res.UserSub ?? '';
    // Sign-ups wait for the emailed code (as on AWS); a test user skips it as an operator would.
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.userPoolId, Username: email }));
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: stack.userPoolId,
        Username: email,
        // cognito-local wants the email beside email_verified (the same address: no new code is sent).
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    if (opts.admin) {
      if (!('tableName' in stack)) throw new Error('createUser({ admin: true }) needs the stack table');
      await grantAdminGroup(stack, email);
    }
    const tokens = await getTokens(stack, email, password);
    return { email, password, fullName, phone: opts.phone, sub, tokens };
  } finally {
    client.destroy();
  }
}

/**
 * Make a user admin as `npm run admin:grant` does: the `admin` group (new tokens carry it; sign in
 * again afterwards), then the role record the API checks on every admin request.
 */
async function grantAdminGroup(stack: AdminStack, email: string): Promise<void> {
  const client = cognito(stack);
  const db = createDb({ table: stack.tableName, endpoint: stack.dynamodbEndpoint });
  try {
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: email }),
    );
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
    if (!sub) throw new Error(`no sub for ${email}`);
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: sub, GroupName: ADMIN_GROUP }),
    );
    await writeAdminRole(db, sub, { isAdmin: true, by: 'e2e', now: new Date() }, { profile: 'if-exists' });
  } finally {
    client.destroy();
    db.doc.destroy();
  }
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Raw HTTP call to the stack's API: `request(stack, 'GET', '/api/me', { token })`. A path names no
 * route, so the body is untyped unless the caller names `T` (tests read success and error bodies).
 */
export async function request<T = LooseBody>(
  stack: Pick<StackInfo, 'url'>,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const res = await fetch(new URL(path, stack.url), {
    method,
    headers: {
      ...(opts.body !== undefined && { 'content-type': 'application/json' }),
      ...(opts.token && { authorization: `Bearer ${opts.token}` }),
      ...opts.headers,
    },
    ...(opts.body !== undefined && {
      body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

interface CallRouteOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/**
 * Call a route of the route table by name: `callRoute(stack, 'getMe', { token })`. The body is
 * typed as the route's contract response (its success answer); name `T` to read it otherwise.
 */
export function callRoute<N extends RouteName>(
  stack: Pick<StackInfo, 'url'>,
  name: N,
  opts?: CallRouteOptions,
): Promise<ApiResult<ResponseOf<N>>>;
export function callRoute<T>(
  stack: Pick<StackInfo, 'url'>,
  name: RouteName,
  opts?: CallRouteOptions,
): Promise<ApiResult<T>>;
export function callRoute(
  stack: Pick<StackInfo, 'url'>,
  name: RouteName,
  opts: CallRouteOptions = {},
): Promise<ApiResult<unknown>> {
  const route = routes[name];
  const query = opts.query && Object.keys(opts.query).length ? `?${new URLSearchParams(opts.query)}` : '';
  return request<unknown>(stack, route.method, buildPath(route.path, opts.params) + query, opts);
}
