import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSync, generateURI } from 'otplib';
// eslint-disable-next-line boundaries/element-types -- a floor break kept until functions/ offers this through db/, use-cases/ or handlers/
import { hasSoftwareToken } from '../../functions/src/clients/user-pool';
import { cognitoClient } from './cognito';

/**
 * Authenticator-app (TOTP) MFA on the local stack. The local API runs with ADMIN_MFA=required like
 * AWS, so the demo admin is enrolled at seed time and its secret kept in <dataDir>/demo-admin-totp.json
 * (local only, never a secret: wiped with the rest of .data/ by npm run reset). Codes come from
 * otplib, the library cognito-local verifies them with (SHA-1, 6 digits, 30 s, like Cognito).
 */

const TOTP_ISSUER = 'Khelaghor';

/** The current 6-digit code of a base32 secret (or the code at `at`). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Seconds until the current code changes. */
export function totpSecondsLeft(at: Date = new Date()): number {
  return 30 - (Math.floor(at.getTime() / 1000) % 30);
}

/** The otpauth:// URI an authenticator app takes (as a QR code or a link). */
export function otpauthUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** A code that is still valid for a few seconds (waits out the end of a 30 s step rather than race it). */
export async function freshTotpCode(secret: string): Promise<string> {
  if (totpSecondsLeft() < 3) await new Promise((r) => setTimeout(r, totpSecondsLeft() * 1000 + 200));
  return totpCode(secret);
}

/** Whether the pool user has a verified, enabled authenticator app (what the API checks). */
export async function hasTotp(endpoint: string, userPoolId: string, username: string): Promise<boolean> {
  const client = cognitoClient(endpoint);
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return hasSoftwareToken(user);
  } finally {
    client.destroy();
  }
}

/**
 * Enrol an authenticator app for a user who has none yet, as the SPA's enrol screen does: sign in
 * (no MFA challenge yet), AssociateSoftwareToken, VerifySoftwareToken with a computed code,
 * SetUserMFAPreference (enabled, preferred). Returns the new secret.
 */
export async function enrolTotp(
  endpoint: string,
  clientId: string,
  user: { email: string; password: string },
): Promise<string> {
  const client = cognitoClient(endpoint);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const AccessToken = auth.AuthenticationResult?.AccessToken;
    if (!AccessToken) {
      throw new Error(
        `${user.email} did not sign in without a challenge (${auth.ChallengeName ?? 'no tokens'})`,
      );
    }
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    if (!SecretCode) throw new Error('cognito-local returned no TOTP secret');
    await client.send(
      new VerifySoftwareTokenCommand({
        AccessToken,
        UserCode: await freshTotpCode(SecretCode),
        FriendlyDeviceName: 'demo',
      }),
    );
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return SecretCode;
  } finally {
    client.destroy();
  }
}

export interface DemoAdminTotp {
  email: string;
  secret: string;
}

const secretFile = (dataDir: string) => join(dataDir, 'demo-admin-totp.json');

export function readDemoAdminTotp(dataDir: string): DemoAdminTotp | undefined {
  const file = secretFile(dataDir);
  if (!existsSync(file)) return undefined;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoAdminTotp>;
    return saved.email && saved.secret ? { email: saved.email, secret: saved.secret } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The demo admin's authenticator secret: the saved one when the pool user is enrolled, else a new
 * enrolment (fresh data, or data from before admin MFA). Throws with the reason when neither works
 * (the password was changed, or the secret file was removed while the user stays enrolled).
 */
export async function ensureDemoAdminTotp(opts: {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  dataDir: string;
  admin: { email: string; password: string };
}): Promise<string> {
  const saved = readDemoAdminTotp(opts.dataDir);
  const enrolled = await hasTotp(opts.endpoint, opts.userPoolId, opts.admin.email);
  if (enrolled) {
    if (saved?.email === opts.admin.email) return saved.secret;
    throw new Error(
      `${opts.admin.email} has an authenticator app whose secret ${secretFile(opts.dataDir)} no longer holds: npm run reset`,
    );
  }
  const secret = await enrolTotp(opts.endpoint, opts.clientId, opts.admin);
  writeFileSync(secretFile(opts.dataDir), JSON.stringify({ email: opts.admin.email, secret }, null, 2));
  return secret;
}
