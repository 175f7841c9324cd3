import * as z from '@khelaghor/contract/zod';
import { keptPerContainer } from './container-state';

/**
 * Environment of every Lambda (and of the local server, which sets the same variables). Read and
 * checked once per cold start; a missing variable fails the cold start with a clear message.
 */
const Env = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  AWS_REGION: z._default(z.string(), 'ap-southeast-1'),
  /** Set locally to DynamoDB Local's URL; unset on AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  USER_POOL_ID: z.optional(z.string().check(z.minLength(1))),
  /** Set locally to cognito-local's URL; unset on AWS. */
  COGNITO_ENDPOINT: z.optional(z.url()),
  /** Public origin of the shop (gateway redirect and webhook URLs are built from it). */
  PUBLIC_URL: z._default(z.url(), 'http://localhost:3000'),
  /** Gateway base URL used until an admin saves one in API Setup. */
  GATEWAY_BASE_URL: z.optional(z.url()),
  /** Gateway API key used until an admin saves one in API Setup. */
  GATEWAY_API_KEY: z.optional(z.string()),
  LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /**
   * Signs page cursors (db/page-cursor.ts); read through cursorKeys() (runtime/secrets.ts). The
   * local value (plain, or {"current","previous"} JSON); on AWS CURSOR_SECRET_ARN names the secret.
   */
  CURSOR_SECRET: z.optional(z.string().check(z.minLength(32))),
  CURSOR_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /**
   * Derives each reseller API key's signing secret (domain/resellers/signing.ts); read through
   * resellerKeyRoots(). Local value; on AWS RESELLER_KEY_SECRET_ARN names the secret.
   */
  RESELLER_KEY_SECRET: z.optional(z.string().check(z.minLength(32))),
  RESELLER_KEY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  NODE_ENV: z.optional(z.string()),
  /** The admin-jobs worker Lambda (set by CDK on routes that start a job): kicked with an async invoke. */
  JOB_WORKER_FUNCTION: z.optional(z.string().check(z.minLength(1))),
  /**
   * 'required': admin routes answer 403 mfa_required to an admin without an authenticator app set
   * up (kit/admin-access.ts). Set by infra on AWS and by the local stack; tests choose per file.
   */
  ADMIN_MFA: z._default(z.enum(['required', 'off']), 'off'),
  /** Secrets Manager secret holding the gateway API key (AWS); unset locally (clients/secret-store.ts). */
  GATEWAY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Secrets Manager secrets of the suppliers' API secrets (AWS; clients/supplier-secret-store.ts). */
  UNIPIN_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  MOOGOLD_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /**
   * A supplier's settings used until an admin saves them in API Setup: the local stack points them
   * at its sandboxes (use-cases/suppliers/supplier-config.ts). Unset on AWS.
   */
  UNIPIN_BASE_URL: z.optional(z.url()),
  UNIPIN_PARTNER_ID: z.optional(z.string().check(z.minLength(1))),
  UNIPIN_SECRET: z.optional(z.string().check(z.minLength(1))),
  MOOGOLD_BASE_URL: z.optional(z.url()),
  MOOGOLD_PARTNER_ID: z.optional(z.string().check(z.minLength(1))),
  MOOGOLD_SECRET: z.optional(z.string().check(z.minLength(1))),
  /** Local stand-in for Secrets Manager: a directory of secret files (clients/secret-store.ts). */
  LOCAL_SECRETS_DIR: z.optional(z.string().check(z.minLength(1))),
  /**
   * Shared secret CloudFront sends as the x-origin-verify header (kit/edge.ts): with one set, a
   * request that did not come through CloudFront (the raw execute-api URL) is refused. The local
   * value (plain, or {"current","previous"} JSON); on AWS ORIGIN_VERIFY_SECRET_ARN names the secret.
   */
  ORIGIN_VERIFY_SECRET: z.optional(z.string().check(z.minLength(16))),
  ORIGIN_VERIFY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** Without JOB_WORKER_FUNCTION a started job runs in this process; 'off' leaves it to the schedule (tests). */
  JOB_KICK: z._default(z.enum(['in-process', 'off']), 'in-process'),
  /** Locally: the SMTP server of the stack's inbox (smtp://127.0.0.1:2525). Unset on AWS, where mail goes through SES. */
  SMTP_URL: z.optional(z.url()),
  /** The sender of every message the shop sends (on AWS an address of the SES identity). */
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Khelaghor <no-reply@khelaghor.local>'),
  /** The SES configuration set every message goes out with (bounce/complaint suppression); set by infra. */
  MAIL_CONFIGURATION_SET: z.optional(z.string().check(z.minLength(1))),
  /** The SMS provider's API (SSL Wireless); locally the stack's SMS sink (clients/sms/sms-sender.ts). */
  SMS_BASE_URL: z.optional(z.url()),
  /** Locally: the SMS provider's credentials, {"api_token","sid"} JSON; on AWS SMS_SECRET_ARN names the secret. */
  SMS_SECRET: z.optional(z.string().check(z.minLength(1))),
  SMS_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /** How long an SMS send waits for the provider (default 8 s; the tests shorten it). */
  SMS_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /**
   * Minutes a receiving phone may stay silent while a TrxID request waits for its SMS before the
   * silent-phone alarm (docs/sms-forwarder.md); infra sets it from `-c smsSilentMinutes`.
   */
  SMS_SILENT_MINUTES: z._default(z.coerce.number().check(z.int(), z.minimum(5), z.maximum(1440)), 15),
  /**
   * 'allow': reseller callbacks may go to this machine (the local stack's receiver, over http).
   * Set only by the local stack and the tests; ignored in production (use-cases/resellers/callback-target.ts).
   */
  CALLBACK_LOOPBACK: z.optional(z.enum(['allow'])),
});
export type Config = z.infer<typeof Env>;

let cached: Config | undefined;
keptPerContainer(resetConfig);

export function config(): Config {
  if (!cached) {
    const parsed = Env.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Outside production only: tests and the local stack page lists without setting a secret. */
export const DEVELOPMENT_CURSOR_SECRET = 'khelaghor-development-cursor-secret-not-for-production';

/** Outside production only: tests and the local stack sign reseller requests without setting a secret. */
export const DEVELOPMENT_RESELLER_KEY_SECRET = 'khelaghor-development-reseller-key-secret-not-for-production';

/** An SDK client's endpoint on this machine (DynamoDB Local, cognito-local); nothing on AWS. */
export function localEndpoint(endpoint: string | undefined): {
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
} {
  // The local stand-ins accept any credentials.
  return endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {};
}

/** Region and, locally, cognito-local's endpoint for a Cognito client. */
export function cognitoClientConfig(): { region: string } & ReturnType<typeof localEndpoint> {
  const { AWS_REGION, COGNITO_ENDPOINT } = config();
  return { region: AWS_REGION, ...localEndpoint(COGNITO_ENDPOINT) };
}

/** Tests and the local server change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
