import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from './net';

import { ADMIN_GROUP } from '@khelaghor/contract/roles';

export { ADMIN_GROUP };

const repoRootOf = () => resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningCognito {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** An SDK client for cognito-local (it accepts any credentials). */
export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'ap-southeast-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** The function name cognito-local asks the trigger server to run for CustomMessage (any name would do). */
const CUSTOM_MESSAGE_FUNCTION = 'khelaghor-custom-message';

/**
 * Run cognito-local as a child process whose working directory is `dataDir`, so its `.cognito/`
 * (users, pools, keys) lives there. The config points the Lambda client at the local trigger
 * server (the CustomMessage trigger: the account mails' words) and fixes the issuer to the address
 * the API server verifies. Sign-ups are not confirmed by anyone but their owner, as on AWS: the code
 * goes by mail (local/bin/cognito-mail.cjs, preloaded, sends it to `smtpUrl`).
 */
export async function startCognito(opts: {
  dataDir: string;
  port: number;
  triggerUrl: string;
  /** Where cognito-local's mails go (the stack's SMTP server); without it they are only logged. */
  smtpUrl?: string;
  mailFrom?: string;
  logFile?: string;
  /** Called with the child as soon as it exists (so a crash while starting can kill it). */
  onSpawn?: (child: ChildProcess) => void;
}): Promise<RunningCognito> {
  const cwd = resolve(opts.dataDir);
  mkdirSync(join(cwd, '.cognito', 'db'), { recursive: true });
  const url = `http://127.0.0.1:${opts.port}`;
  writeFileSync(
    join(cwd, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: opts.triggerUrl,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        // No PreSignUp: a sign-up waits for its emailed code, as on AWS.
        TriggerFunctions: { CustomMessage: CUSTOM_MESSAGE_FUNCTION },
        TokenConfig: { IssuerDomain: url },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  // Mail through SMTP, ResendConfirmationCode, verified email on confirmation: see the file.
  const preload = join(repoRootOf(), 'local', 'bin', 'cognito-mail.cjs');
  const child = spawn(process.execPath, ['--require', preload, bin], {
    cwd,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DEBUG: '',
      COGNITO_MAIL_SMTP_URL: opts.smtpUrl ?? '',
      ...(opts.mailFrom && { COGNITO_MAIL_FROM: opts.mailFrom }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  opts.onSpawn?.(child);
  let tail = '';
  const log = opts.logFile ? createWriteStream(opts.logFile, { flags: 'a' }) : undefined;
  const collect = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-2000);
    log?.write(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const client = cognitoClient(url);
  try {
    await waitFor('cognito-local', async () => {
      if (child.exitCode !== null)
        throw new Error(`cognito-local exited (${child.exitCode}): ${tail.trim()}`);
      await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
      return true;
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw child.exitCode !== null ? new Error(`cognito-local exited: ${tail.trim().slice(-500)}`) : error;
  } finally {
    client.destroy();
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        const finish = () => {
          log?.end();
          done();
        };
        if (child.exitCode !== null || child.signalCode !== null) return finish();
        child.once('exit', finish);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      }),
  };
}

export interface PoolIds {
  userPoolId: string;
  clientId: string;
}

/**
 * The shop's user pool, app client and admin group, created once and reused (ids come back from
 * `known`, normally read from <dataDir>/stack.json). Email is the username; password min 6; MFA
 * optional with authenticator apps (ensureMfaConfig).
 */
export async function ensureUserPool(endpoint: string, known?: Partial<PoolIds>): Promise<PoolIds> {
  const client = cognitoClient(endpoint);
  try {
    if (known?.userPoolId && known.clientId) {
      try {
        await client.send(
          new DescribeUserPoolClientCommand({ UserPoolId: known.userPoolId, ClientId: known.clientId }),
        );
        await ensureGroup(client, known.userPoolId);
        await ensureMfaConfig(client, known.userPoolId);
        return { userPoolId: known.userPoolId, clientId: known.clientId };
      } catch {
        // the data was wiped: create them again below
      }
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'khelaghor',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
        Schema: [
          { Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true },
          { Name: 'name', AttributeDataType: 'String', Mutable: true },
          { Name: 'phone_number', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local created no user pool');
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'khelaghor-web',
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
      }),
    );
    const clientId = app.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('cognito-local created no app client');
    await ensureGroup(client, userPoolId);
    await ensureMfaConfig(client, userPoolId);
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}

/**
 * MFA optional, authenticator apps (software tokens) only, as on AWS: a user with an app enrolled
 * answers a SOFTWARE_TOKEN_MFA challenge at sign-in, everyone else (customers) signs in with the
 * password alone. Admins must enrol: the API refuses admin routes without it (ADMIN_MFA=required).
 * Pools made before admin MFA get the setting on the next start.
 */
async function ensureMfaConfig(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
}

async function ensureGroup(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  try {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  } catch (error) {
    if ((error as Error).name !== 'GroupExistsException') throw error;
  }
}

/**
 * A confirmed user with a permanent password (the demo admin), returned with its sub. Existing
 * users are left as they are (their password may have been changed on purpose).
 */
export async function ensureUser(
  endpoint: string,
  userPoolId: string,
  user: { email: string; password: string; name: string; groups?: string[] },
): Promise<{ sub: string; created: boolean }> {
  const client = cognitoClient(endpoint);
  try {
    let created = false;
    let sub = await findSub(client, userPoolId, user.email);
    if (!sub) {
      const res = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: user.email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: user.password,
          UserAttributes: [
            { Name: 'email', Value: user.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: user.name },
          ],
        }),
      );
      sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? res.User?.Username;
      if (!sub) throw new Error(`cognito-local did not create ${user.email}`);
      await client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: userPoolId,
          Username: sub,
          Password: user.password,
          Permanent: true,
        }),
      );
      created = true;
    }
    for (const group of user.groups ?? []) {
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: group }),
      );
    }
    return { sub, created };
  } finally {
    client.destroy();
  }
}

async function findSub(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string | undefined> {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return undefined;
    throw error;
  }
}
