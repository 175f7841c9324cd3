import { join } from 'node:path';
import { localCursorSecret, localOriginVerifySecret } from './cursor-secret';

/** The sender of every message of the local shop (account mails and the notifier's). */
export const LOCAL_MAIL_FROM = 'Khelaghor <no-reply@khelaghor.local>';

/**
 * The environment the local API server gives the handlers (CDK sets the same variables on AWS).
 * One function, so a second API server on the same data (the bench's uncached one) gets exactly
 * what the stack's own server gets and differs only where its caller says so.
 */
export function handlerEnv(parts: {
  dataDir: string;
  tableName: string;
  dynamodbEndpoint: string;
  userPoolId: string;
  cognitoUrl: string;
  /** The shop's public origin (gateway redirect and webhook URLs are built from it). */
  url: string;
  gatewayUrl: string;
  gatewayApiKey: string;
  /** The stack's SMTP server (its web inbox shows every message); SES stands here on AWS. */
  smtpUrl?: string;
  /** The stack's SMS sink and the credentials it accepts; SSL Wireless and Secrets Manager stand here on AWS. */
  sms?: { url: string; secret: string };
  /**
   * The supplier sandboxes: each supplier's settings until an admin saves its own in API Setup
   * (functions/src/use-cases/suppliers/supplier-config.ts), as GATEWAY_* are for the gateway.
   */
  suppliers?: Record<'unipin' | 'moogold', { url: string; partnerId: string; secret: string }>;
  quiet?: boolean;
}): Record<string, string> {
  return {
    TABLE_NAME: parts.tableName,
    DYNAMODB_ENDPOINT: parts.dynamodbEndpoint,
    USER_POOL_ID: parts.userPoolId,
    COGNITO_ENDPOINT: parts.cognitoUrl,
    PUBLIC_URL: parts.url,
    GATEWAY_BASE_URL: parts.gatewayUrl,
    GATEWAY_API_KEY: parts.gatewayApiKey,
    CURSOR_SECRET: localCursorSecret(parts.dataDir),
    // The local edge (local/src/edge.ts) sends it as x-origin-verify and the kit checks it, as on
    // AWS: a request that skipped the edge is refused here too.
    ORIGIN_VERIFY_SECRET: localOriginVerifySecret(parts.dataDir),
    // The gateway API key saved in API Setup: Secrets Manager on AWS, files here (wiped by
    // npm run reset with the rest of the data dir). Until a save, GATEWAY_API_KEY above.
    LOCAL_SECRETS_DIR: join(parts.dataDir, 'secrets'),
    // As on AWS: admin routes want an authenticator app (kit/admin-access.ts).
    ADMIN_MFA: 'required',
    // The sandbox can list its invoices (UddoktaPay cannot): the reconciliation's missing_in_shop check.
    GATEWAY_INVOICE_LIST: 'sandbox',
    // The local-only allowance: callbacks may go to the stack's receiver on this machine
    // (http://localhost:3300). Never set on AWS, and ignored there (NODE_ENV=production).
    CALLBACK_LOOPBACK: 'allow',
    ...(parts.smtpUrl && { SMTP_URL: parts.smtpUrl }),
    MAIL_FROM: LOCAL_MAIL_FROM,
    ...(parts.sms && { SMS_BASE_URL: parts.sms.url, SMS_SECRET: parts.sms.secret }),
    ...(parts.suppliers && {
      UNIPIN_BASE_URL: parts.suppliers.unipin.url,
      UNIPIN_PARTNER_ID: parts.suppliers.unipin.partnerId,
      UNIPIN_SECRET: parts.suppliers.unipin.secret,
      MOOGOLD_BASE_URL: parts.suppliers.moogold.url,
      MOOGOLD_PARTNER_ID: parts.suppliers.moogold.partnerId,
      MOOGOLD_SECRET: parts.suppliers.moogold.secret,
    }),
    LOG_LEVEL: process.env.LOG_LEVEL ?? (parts.quiet ? 'silent' : 'warn'),
  };
}
