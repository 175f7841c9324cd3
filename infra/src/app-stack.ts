import { jobs as contractJobs, routeList, streamConsumers, tableDefinition } from '@khelaghor/contract';
import { Annotations, CfnOutput, Duration, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { join, relative } from 'node:path';
import { createAuthorizer, createHttpApi, type RouteRow } from './api';
import type { DataStack } from './data-stack';
import { FunctionFactory, type FunctionFactoryProps, type FunctionSpec } from './functions';
import type { LambdaBundles } from './lambda-bundles';
import { createBudget } from './budget';
import { createJobHeartbeats } from './job-heartbeats';
import { createMailReputationAlarms } from './mail-reputation';
import { createMonitoring } from './monitoring';
import { UserPoolWaf } from './user-pool-waf';
import { connectNotifier, connectStreamConsumer, sesSendStatement } from './notifier';
import { acknowledgeSchedulerRole } from './nag';
import { defaultHandlersDir, handlerEntry, missingHandlers, repoRoot as defaultRepoRoot } from './paths';
import { areaOf, constructId, createRouteStacks } from './route-stacks';
import { DEFAULT_SALE_LIMITS, type SaleLimits, UNRESERVED_MINIMUM } from './settings';
import { createSite, deploySpa, type CustomDomain } from './site';
import { edgeCachedRoutes } from '@khelaghor/contract/edge';

interface JobDef {
  handler: string;
  everyMinutes: number;
  summary: string;
}

export interface AppStackProps extends StackProps {
  data: DataStack;
  /** The one build of every handler (lambda-bundles.ts): it must hold every function's entry. */
  bundles: LambdaBundles;
  /** The route table; defaults to the contract's (tests may pass their own rows). */
  routes?: RouteRow[];
  /** Scheduled jobs; defaults to the contract's `jobs`. */
  jobs?: Record<string, JobDef>;
  repoRoot?: string;
  /** Handler modules; defaults to functions/src/handlers. */
  handlersDir?: string;
  /** Built SPA; defaults to web/dist. */
  webDistDir?: string;
  customDomain?: CustomDomain;
  /** UddoktaPay base URL used until an admin saves one in API Setup. */
  gatewayBaseUrl?: string;
  alarmEmail?: string;
  /** The SES sender (address or a domain's address): without it no notifier is made (no mail). */
  emailFrom?: string;
  /** The WAF web ACL (EdgeStack, us-east-1). */
  webAclArn?: string;
  /** Reserve concurrency for the money paths (RESERVED, placeOrderConcurrency) and run each job one at a time. */
  reservedConcurrency?: boolean;
  /** The API's throttles and place-order's reserve (`-c apiRateLimit` etc.); DEFAULT_SALE_LIMITS if unset. */
  limits?: SaleLimits;
  /** Skip rows whose handler module does not exist yet (with a warning) instead of failing. */
  allowMissingHandlers?: boolean;
  /** A regional web ACL on the user pool (user-pool-waf.ts); on with the Edge stack's. */
  userPoolWaf?: boolean;
  /** The WAF rate rules block instead of counting (-c wafBlock=true). */
  wafBlock?: boolean;
  /** A monthly AWS Budgets amount in USD, emailed to alarmEmail (budget.ts). */
  monthlyBudgetUsd?: number;
  /** The sweeper's silent-phone check: minutes a receiving phone may be quiet while a request waits (default 15). */
  smsSilentMinutes?: number;
  /**
   * The origin-verify secret's version CloudFront's header is read from (`-c originVerifyVersion`);
   * unset: the version labelled AWSCURRENT when the reference last changed.
   */
  originVerifyVersion?: string;
}

/**
 * Concurrency kept for the functions that move money, so a storm on public reads cannot starve
 * them, and 1 for each job, so a slow run never overlaps the next. A reserve is also the most the
 * function may run at once. Place-order's is a setting sized for a flash sale
 * (`-c placeOrderConcurrency`, 400: ~4,000 orders/s at ~0.1 s an order; the 50 it had served
 * at most ~500). With the 40 here and today's 9 jobs that is 449 of a default account's 1,000,
 * and the 551 left serve every other function (order reads, the catalogue, the stream
 * consumers). Lambda keeps at least 100 of the account's executions unreserved for the functions
 * without a reserve and refuses, mid-deploy, a reserve that would leave fewer, so synth refuses it
 * first (reservedConcurrencyOf, against `-c lambdaConcurrency`).
 */
const RESERVED: Record<string, number> = {
  'payments/webhook': 20,
  'payments/confirm': 20,
};
const PLACE_ORDER = 'orders/place-order';

/**
 * Each route handler's reserved concurrency (the jobs reserve 1 each), refused when all of them
 * together would leave fewer than Lambda's 100 unreserved executions of `-c lambdaConcurrency`:
 * Lambda itself refuses such a reserve, but only mid-deploy.
 */
export function reservedConcurrencyOf(
  routeHandlers: string[],
  jobCount: number,
  limits: Pick<SaleLimits, 'placeOrderConcurrency' | 'lambdaConcurrency'>,
): Record<string, number> {
  const reserved: Record<string, number> = { ...RESERVED, [PLACE_ORDER]: limits.placeOrderConcurrency };
  const total = routeHandlers.reduce((sum, h) => sum + (reserved[h] ?? 0), jobCount);
  if (total > limits.lambdaConcurrency - UNRESERVED_MINIMUM)
    throw new Error(
      `Reserved concurrency ${total} (place-order ${limits.placeOrderConcurrency}) leaves fewer than ` +
        `${UNRESERVED_MINIMUM} of -c lambdaConcurrency=${limits.lambdaConcurrency} unreserved, which Lambda ` +
        "refuses: lower -c placeOrderConcurrency, or raise the account's quota and -c lambdaConcurrency.",
    );
  return reserved;
}

/** Payment and order logs are the evidence in a dispute with a buyer or the gateway. */
const LONG_LOG_AREAS = new Set(['payments', 'orders', 'wallet', 'jobs']);
/** Handled 5xx in these areas page someone at the first one. */
const MONEY_AREAS = ['payments', 'orders', 'wallet'];

/**
 * The stateless half, built from the same route table, job list and table definition as the local
 * stack: one Lambda and one HTTP API route per row (in nested stacks by area: route-stacks.ts), the
 * site, the alarms. It can be destroyed and rebuilt at will: what must survive lives in the DataStack.
 */
export class AppStack extends Stack {
  /** The CloudFront distribution's id (the edge alarms in us-east-1 watch it). */
  readonly distributionId: string;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { data } = props;
    const root = props.repoRoot ?? defaultRepoRoot;
    const handlersDir = props.handlersDir ?? defaultHandlersDir(root);
    const jobs: Record<string, JobDef> = props.jobs ?? contractJobs;
    let routes = props.routes ?? routeList;
    let jobEntries = Object.entries(jobs);

    const missing = missingHandlers(handlersDir, [
      ...routes.map((r) => r.handler),
      ...jobEntries.map(([, j]) => j.handler),
    ]);
    if (missing.length > 0) {
      const list = missing.map((h) => relative(root, handlerEntry(handlersDir, h))).join(', ');
      if (!props.allowMissingHandlers) {
        throw new Error(
          `Route table or jobs name handler modules that do not exist: ${list}. ` +
            'Write them, or synthesize with -c allowMissingHandlers=true to leave those routes out.',
        );
      }
      Annotations.of(this).addWarningV2(
        'khelaghor:missing-handlers',
        `Left out (no handler module yet): ${list}`,
      );
      routes = routes.filter((r) => !missing.includes(r.handler));
      jobEntries = jobEntries.filter(([, j]) => !missing.includes(j.handler));
    }
    // Throws for a cached route CloudFront could not give a behaviour of its own.
    const edgeCached = edgeCachedRoutes(routes);

    // CloudFront's header: the secret's `current` value, resolved by CloudFormation at deploy time
    // (the template holds only a reference). The Lambdas read the secrets at run time (their
    // environment holds only ARNs: functions.ts), accepting `current` and `previous`.
    const originVerify = SecretValue.secretsManager(data.originVerifySecret.secretArn, {
      jsonField: 'current',
      // A new version id changes the reference, so CloudFormation reads the rotated value (it
      // does not re-read an unchanged one): docs/deploy.md, "Rotating the secrets".
      ...(props.originVerifyVersion && { versionId: props.originVerifyVersion }),
    }).unsafeUnwrap();
    const limits = props.limits ?? DEFAULT_SALE_LIMITS;
    const { httpApi, accessLogs } = createHttpApi(this, RetentionDays.ONE_MONTH, limits);
    const site = createSite(this, {
      httpApi,
      customDomain: props.customDomain,
      webAclArn: props.webAclArn,
      originVerifySecret: originVerify,
      edgeCachedPaths: edgeCached.map((r) => r.path),
    });

    this.distributionId = site.distribution.distributionId;

    const factoryProps: FunctionFactoryProps = {
      handlersDir,
      bundles: props.bundles,
      table: data.table,
      userPool: data.userPool,
      gatewaySecret: data.gatewaySecret,
      appSecrets: {
        ORIGIN_VERIFY_SECRET: data.originVerifySecret,
        CURSOR_SECRET: data.cursorSecret,
        RESELLER_KEY_SECRET: data.resellerKeySecret,
        SMS_SECRET: data.smsSecret,
        UNIPIN_SECRET: data.unipinSecret,
        MOOGOLD_SECRET: data.moogoldSecret,
      },
      indexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      environment: {
        TABLE_NAME: data.table.tableName,
        USER_POOL_ID: data.userPool.userPoolId,
        PUBLIC_URL: site.url,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        ADMIN_MFA: 'required',
        // Stack traces point into the TypeScript sources (esbuild writes the source maps).
        NODE_OPTIONS: '--enable-source-maps',
        ...(props.gatewayBaseUrl ? { GATEWAY_BASE_URL: props.gatewayBaseUrl } : {}),
      },
    };
    const factory = new FunctionFactory(this, 'Fn', factoryProps);
    const notifier = props.emailFrom ? streamConsumers.notifier : undefined;
    const callbacks = streamConsumers.resellerCallbacks;
    if (!props.emailFrom)
      Annotations.of(this).addWarningV2(
        'khelaghor:no-mail',
        'No -c emailFrom: the shop sends no receipts or alerts (no notifier)',
      );
    // Each role's grants, read from the bundle the function is deployed with (code-grants.ts).
    const grantsOf = (handler: string) => props.bundles.grantsOf(handlerEntry(handlersDir, handler));
    const reserved = props.reservedConcurrency
      ? reservedConcurrencyOf(
          routes.map((r) => r.handler),
          jobEntries.length,
          limits,
        )
      : undefined;
    const reserve = (handler: string, jobs = false) => reserved && (jobs ? 1 : reserved[handler]);
    const retention = (handler: string) =>
      LONG_LOG_AREAS.has(areaOf(handler)) ? RetentionDays.THIRTEEN_MONTHS : undefined;

    // Jobs first: routes that start a job are given its Lambda.
    const jobFns = new Map<string, LambdaFunction>();
    for (const [name, job] of jobEntries) {
      const fnId = `Job${constructId(name)}`;
      const fn = factory.create({
        id: fnId,
        handler: job.handler,
        description: `Scheduled every ${job.everyMinutes} min: ${job.summary}`,
        grants: grantsOf(job.handler),
        // Runs every minute; a slow gateway poll must not pile up runs.
        timeout: Duration.seconds(50),
        logRetention: retention(job.handler),
        reservedConcurrency: reserve(job.handler, true),
        ...(name === 'sweeper' && {
          environment: { SMS_SILENT_MINUTES: String(props.smsSilentMinutes ?? 15) },
        }),
      });
      jobFns.set(name, fn);
      acknowledgeSchedulerRole(this, fn);
      new Schedule(this, `${fnId}Schedule`, {
        description: `Khelaghor ${name}: ${job.summary}`.slice(0, 512),
        schedule: ScheduleExpression.rate(Duration.minutes(job.everyMinutes)),
        // A missed run is made up by the next one a minute later: no retries.
        target: new LambdaInvoke(fn, { retryAttempts: 0, maxEventAge: Duration.minutes(1) }),
      });
    }

    const mailSet = data.mailConfigurationSet?.configurationSetName;
    const notifierFn =
      notifier &&
      factory.create({
        id: 'Notifier',
        handler: notifier.handler,
        description: `Table stream: ${notifier.summary}`,
        grants: grantsOf(notifier.handler),
        timeout: Duration.seconds(60),
        statements: [sesSendStatement(this, props.emailFrom!, mailSet)],
        environment: {
          MAIL_FROM: `Khelaghor <${props.emailFrom}>`,
          ...(mailSet && { MAIL_CONFIGURATION_SET: mailSet }),
        },
      });

    const smsMatcher = streamConsumers.smsMatcher;
    const smsMatcherFn = factory.create({
      id: 'SmsMatcher',
      handler: smsMatcher.handler,
      description: `Stream consumer (SMS payments): ${smsMatcher.summary}`,
      grants: grantsOf(smsMatcher.handler),
      timeout: Duration.seconds(60),
    });

    const callbacksFn = factory.create({
      id: 'ResellerCallbacks',
      handler: callbacks.handler,
      description: `Stream consumer (reseller callbacks): ${callbacks.summary}`,
      grants: grantsOf(callbacks.handler),
      // A batch of 10 callbacks is sent side by side, each waiting at most 5 s for its receiver.
      timeout: Duration.seconds(60),
    });

    const authorizer = createAuthorizer(data.userPool, [data.spaClient, data.scriptsClient]);
    const routeSpec = (row: RouteRow): FunctionSpec => {
      const worker = row.kicksJob ? jobFns.get(row.kicksJob) : undefined;
      if (row.kicksJob && !worker)
        throw new Error(`Route ${row.name} kicks job ${row.kicksJob}, which is not in the jobs`);
      // The code says whether it invokes, the row says which job: both or neither, or AWS says no.
      if (Boolean(row.kicksJob) !== grantsOf(row.handler).invokes)
        throw new Error(
          `Route ${row.name}: kicksJob in the route table and an InvokeCommand in its code go together`,
        );
      return {
        id: constructId(row.name),
        handler: row.handler,
        description: `${row.method} ${row.path} (${row.access}): ${row.summary}`,
        grants: grantsOf(row.handler),
        kicks: worker,
        partitions: row.partitions,
        logRetention: retention(row.handler),
        reservedConcurrency: reserve(row.handler),
        environment: {
          ...(worker && { JOB_WORKER_FUNCTION: worker.functionName }),
        },
      };
    };
    const routeFns = createRouteStacks(this, {
      routes,
      httpApi,
      authorizer,
      factory,
      factoryProps,
      specOf: routeSpec,
    });

    deploySpa(this, site, props.webDistDir ?? join(root, 'web', 'dist'), {
      apiBase: '/api',
      region: this.region,
      userPoolId: data.userPool.userPoolId,
      userPoolClientId: data.spaClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
    });

    const areas = [...new Set(routes.map((r) => areaOf(r.handler)))].sort();
    const alarmTopic = createMonitoring(this, {
      functions: [...factory.functions, ...routeFns],
      table: data.table,
      indexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      httpApi,
      apiAccessLogs: accessLogs,
      userPool: data.userPool,
      userPoolClients: [data.spaClient, data.scriptsClient],
      areas,
      moneyAreas: MONEY_AREAS.filter((a) => areas.includes(a)),
      alarmEmail: props.alarmEmail,
      smsSilentMinutes: props.smsSilentMinutes ?? 15,
    });

    if (notifierFn) connectNotifier(this, { fn: notifierFn, table: data.table, alarmTopic });
    connectStreamConsumer(this, 'ResellerCallbacks', {
      fn: callbacksFn,
      table: data.table,
      alarmTopic,
      consumer: callbacks,
      alarmDescription:
        'The reseller callbacks consumer failed on the same records for 6 hours: see its logs (the retry job still sends due callbacks)',
    });

    connectStreamConsumer(this, 'SmsMatcher', {
      fn: smsMatcherFn,
      table: data.table,
      alarmTopic,
      consumer: smsMatcher,
      alarmDescription:
        'The SMS matcher failed on the same records for 6 hours: TrxID requests wait for the admin (see its logs)',
    });

    // What else pages the owner: each job's heartbeat, SES reputation, sign-in abuse, the bill.
    createJobHeartbeats(this, { jobs: jobEntries, alarmTopic });
    if (data.mailConfigurationSet) createMailReputationAlarms(this, alarmTopic);
    if (props.userPoolWaf)
      new UserPoolWaf(this, 'UserPoolWaf', {
        userPool: data.userPool,
        block: Boolean(props.wafBlock),
        alarmTopic,
      });
    if (props.alarmEmail && props.monthlyBudgetUsd)
      createBudget(this, { amountUsd: props.monthlyBudgetUsd, email: props.alarmEmail });

    // No API URL among the outputs: the API answers only through CloudFront.
    const outputs: Record<string, string> = {
      SiteUrl: site.url,
      DistributionDomainName: site.distribution.distributionDomainName,
      DistributionId: site.distribution.distributionId,
      Region: this.region,
      UserPoolId: data.userPool.userPoolId,
      UserPoolClientId: data.spaClient.userPoolClientId,
      ScriptsClientId: data.scriptsClient.userPoolClientId,
      TableName: data.table.tableName,
      SpaBucketName: site.bucket.bucketName,
      AlarmTopicArn: alarmTopic.topicArn,
    };
    for (const [key, value] of Object.entries(outputs)) new CfnOutput(this, key, { value });
  }
}
