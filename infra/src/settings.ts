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
  /** Reserved concurrency for the money paths and 1 for each job. On by default in prod. */
  reservedConcurrency: boolean;
  /** What a flash sale may take of the account: throttles and concurrency (`SaleLimits`). */
  limits: SaleLimits;
  allowMissingHandlers: boolean;
  /**
   * `-c originVerifyVersion=<VersionId>`: the origin-verify secret's version CloudFront sends, given
   * when rotating it (docs/deploy.md), so CloudFormation reads the new value.
   */
  originVerifyVersion?: string;
}

/**
 * The shop's own caps on a flash sale, each `-c <key>=<n>`. The defaults let a sale on a default
 * account reach what the claim path allows there (docs/benchmarks.md, "Scale on paper"): a
 * wallet order writes ~12 units to the table, so a new on-demand table (4,000 write units/s
 * until warmed) takes ~330 orders/s and one warmed to the default table quota (40,000/s) ~3,300,
 * about what API Gateway's account rate (10,000 requests/s, ~3 an order) allows. Raise them with
 * the account's quotas, never above them.
 */
export interface SaleLimits {
  /**
   * `apiRateLimit`, `apiBurstLimit`: the HTTP API stage's default route throttle (requests/s
   * steady, and the bucket), for every route without its own limit. API Gateway allows an account
   * 10,000/s and a burst of 5,000 per region over all its APIs; half the rate leaves the rest to
   * another stage or API in the account, the whole burst lets a sale's first second through.
   * It was 500 (burst 1,000) for every request of a sale: a few requests an order.
   */
  apiRateLimit: number;
  apiBurstLimit: number;
  /**
   * `orderRateLimit`: `POST /api/orders`' own throttle (steady and burst alike). At or under what
   * place-order's reserved concurrency serves (placeOrderConcurrency ÷ ~0.1 s an order), so a
   * buyer past it gets API Gateway's 429 before a Lambda is invoked; abuse is the WAF's per-IP
   * rule and the two unpaid gateway orders a buyer may hold. It was 100, a sale's hard cap.
   */
  orderRateLimit: number;
  /**
   * `placeOrderConcurrency`: place-order's reserved concurrency (with `reservedConcurrency`): a
   * storm on other routes cannot take it, and it is also the most place-order may run at once.
   * Orders/s ≈ concurrency ÷ seconds per invocation: 400 ÷ ~0.1 s ≈ 4,000, room above
   * orderRateLimit for slow invocations and cold starts (it was 50). With the other reserves (20
   * each for the webhook and confirm, 1 per job: 449 in all) it must leave at least 100 of the
   * account's executions unreserved: Lambda keeps those for every function without a reserve and
   * refuses a deploy that would take them, so synth checks it against lambdaConcurrency.
   */
  placeOrderConcurrency: number;
  /**
   * `lambdaConcurrency`: the account's Lambda concurrent executions quota in the region (Service
   * Quotas; 1,000 by default, a new account may start lower). Lambda refuses a reservation that
   * leaves fewer than 100 unreserved, so synth refuses reserves above lambdaConcurrency - 100.
   */
  lambdaConcurrency: number;
}

export const DEFAULT_SALE_LIMITS: SaleLimits = {
  apiRateLimit: 5000,
  apiBurstLimit: 5000,
  orderRateLimit: 3000,
  placeOrderConcurrency: 400,
  lambdaConcurrency: 1000,
};

/** Lambda refuses a reservation that leaves fewer unreserved executions in the account. */
export const UNRESERVED_MINIMUM = 100;

/** A whole number of at least 1 (`-c key=n`), or the fallback. */
function count(app: App, key: string, fallback: number): number {
  const raw = text(app, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1)
    throw new Error(`-c ${key} must be a whole number of at least 1: ${raw}`);
  return value;
}

function saleLimits(app: App): SaleLimits {
  const d = DEFAULT_SALE_LIMITS;
  return {
    apiRateLimit: count(app, 'apiRateLimit', d.apiRateLimit),
    apiBurstLimit: count(app, 'apiBurstLimit', d.apiBurstLimit),
    orderRateLimit: count(app, 'orderRateLimit', d.orderRateLimit),
    placeOrderConcurrency: count(app, 'placeOrderConcurrency', d.placeOrderConcurrency),
    lambdaConcurrency: count(app, 'lambdaConcurrency', d.lambdaConcurrency),
  };
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
    limits: saleLimits(app),
    allowMissingHandlers: flag(app, 'allowMissingHandlers', false),
    originVerifyVersion: text(app, 'originVerifyVersion'),
  };
}
