import type { App } from 'aws-cdk-lib';
import type { CustomDomain } from './site';

type Stage = 'dev' | 'prod';

/** Everything a deployment may set with `-c key=value` (or in cdk.json's context). */
export interface Settings {
  stage: Stage;
  /** Prefix of the stack names: `<name>-<stage>-Data`, `-App` and `-Edge`. */
  stackName: string;
  region: string;
  account?: string;
  customDomain?: CustomDomain;
  gatewayBaseUrl?: string;
  alarmEmail?: string;
  emailFrom?: string;
  /**
   * The WAF web ACLs: in front of CloudFront (its own stack in us-east-1) and on the user pool
   * (sign-in, sign-up, forgot-password). On by default in prod.
   */
  waf: boolean;
  /**
   * The WAF rate rules block (`-c wafBlock=true`); by default they only count, with logs, for the
   * first weeks: many buyers can share one carrier IP, and the limits are tuned from the counts.
   */
  wafBlock: boolean;
  /** The monthly AWS Budgets amount in USD (`-c monthlyBudget=...`); emailed to alarmEmail. */
  monthlyBudgetUsd: number;
  /**
   * `-c smsSilentMinutes=15`: how long a receiving phone may send no SMS while a TrxID request
   * waits for one before the SilentSmsPhone alarm (docs/sms-forwarder.md).
   */
  smsSilentMinutes: number;
  /** Reserved concurrency for the money paths and 1 for the sweeper. On by default in prod. */
  reservedConcurrency: boolean;
  allowMissingHandlers: boolean;
  /**
   * `-c originVerifyVersion=<VersionId>`: the origin-verify secret's version CloudFront sends, given
   * when rotating it (docs/deploy.md), so CloudFormation reads the new value.
   */
  originVerifyVersion?: string;
}

/** A whole number of minutes from 5 to 1440 (the function's SMS_SILENT_MINUTES accepts the same). */
function minutes(app: App, key: string, fallback: number): number {
  const raw = text(app, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 5 || value > 1440)
    throw new Error(`-c ${key} must be a whole number of minutes from 5 to 1440: ${raw}`);
  return value;
}

function text(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

function flag(app: App, key: string, fallback: boolean): boolean {
  const value = text(app, key);
  if (value === undefined) return fallback;
  if (value !== 'true' && value !== 'false') throw new Error(`-c ${key} must be true or false: ${value}`);
  return value === 'true';
}

/** Above the small shop's ≈ $70 a month (docs/cost.md): a runaway bill shows within days. */
export const DEFAULT_MONTHLY_BUDGET_USD = 100;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function readSettings(app: App, env: NodeJS.ProcessEnv = process.env): Settings {
  const stage = text(app, 'stage') ?? 'dev';
  if (stage !== 'dev' && stage !== 'prod') throw new Error(`-c stage must be dev or prod: ${stage}`);
  const prod = stage === 'prod';
  const domainName = text(app, 'domainName');
  const certificateArn = text(app, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error(
      'Set both -c domainName=... and -c certificateArn=... (an ACM certificate in us-east-1), or neither.',
    );
  }
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error(
      `certificateArn must be an ACM certificate in us-east-1 (CloudFront reads only those): ${certificateArn}`,
    );
  }
  const gatewayBaseUrl = text(app, 'gatewayBaseUrl');
  if (gatewayBaseUrl && !/^https?:\/\/[^/]+/.test(gatewayBaseUrl)) {
    throw new Error(`gatewayBaseUrl must be a URL such as https://pay.example.com: ${gatewayBaseUrl}`);
  }
  const alarmEmail = text(app, 'alarmEmail');
  const emailFrom = text(app, 'emailFrom');
  for (const [key, value] of Object.entries({ alarmEmail, emailFrom })) {
    if (value && !EMAIL.test(value)) throw new Error(`-c ${key} must be an email address: ${value}`);
  }
  // A shop that takes money must tell someone when it breaks, and must be able to send more
  // than Cognito's 50 sign-up emails a day.
  if (prod && (!alarmEmail || !emailFrom)) {
    throw new Error(
      'stage prod needs -c alarmEmail=... (who the alarms reach) and -c emailFrom=... (an address or ' +
        'domain verified in SES, the sender of sign-up and password-reset codes): see docs/deploy.md.',
    );
  }
  // A prod shop on *.cloudfront.net accepts TLS 1.0, and its gateway webhook URL (set in the
  // gateway's panel) would change the day a domain is added.
  if (prod && !domainName) {
    throw new Error(
      'stage prod needs a custom domain: -c domainName=shop.example.com -c certificateArn=arn:aws:acm:us-east-1:... ' +
        '(an ACM certificate in us-east-1): see docs/deploy.md, "Custom domain".',
    );
  }
  const budget = text(app, 'monthlyBudget') ?? String(DEFAULT_MONTHLY_BUDGET_USD);
  if (!/^\d+(\.\d{1,2})?$/.test(budget) || Number(budget) <= 0) {
    throw new Error(`-c monthlyBudget must be an amount in USD such as 100: ${budget}`);
  }
  return {
    stage,
    stackName: text(app, 'stackName') ?? 'Khelaghor',
    // Explicit, never the CLI's fallback (us-east-1 when no profile sets one): Singapore is the
    // closest full-service region to Bangladesh for most ISPs.
    region: text(app, 'region') ?? 'ap-southeast-1',
    account: env.CDK_DEFAULT_ACCOUNT,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    gatewayBaseUrl: gatewayBaseUrl?.replace(/\/+$/, ''),
    alarmEmail,
    emailFrom,
    waf: flag(app, 'waf', prod),
    wafBlock: flag(app, 'wafBlock', false),
    monthlyBudgetUsd: Number(budget),
    smsSilentMinutes: minutes(app, 'smsSilentMinutes', 15),
    // A new account may have a concurrency quota of 10, which leaves nothing to reserve.
    reservedConcurrency: flag(app, 'reservedConcurrency', prod),
    allowMissingHandlers: flag(app, 'allowMissingHandlers', false),
    originVerifyVersion: text(app, 'originVerifyVersion'),
  };
}
