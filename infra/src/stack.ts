import { isPagedRoute, jobs as contractJobs, routeList, tableDefinition } from '@khelaghor/contract';
import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { join, relative } from 'node:path';
import { addRoute, createAuthorizer, createHttpApi, type RouteRow } from './api';
import { createAuth } from './auth';
import { createCursorSecret } from './cursor-secret';
import { createTable } from './data';
import { FunctionFactory } from './functions';
import { createAlarms } from './monitoring';
import { defaultHandlersDir, handlerEntry, missingHandlers, repoRoot as defaultRepoRoot } from './paths';
import { jobGrants, routeGrants } from './permissions';
import { createSite, deploySpa, type CustomDomain } from './site';

export interface JobDef {
  handler: string;
  everyMinutes: number;
  summary: string;
}

export interface KhelaghorStackProps extends StackProps {
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
  /** SES-verified sender for Cognito's emails (verification codes); unset: Cognito's 50/day mailer. */
  emailFrom?: string;
  /** Email address subscribed to the alarm topic. */
  alarmEmail?: string;
  /** Skip rows whose handler module does not exist yet (with a warning) instead of failing. */
  allowMissingHandlers?: boolean;
}

/** PascalCase construct id from a route or job name (`adminListOrders` -> `AdminListOrders`). */
export function constructId(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The whole product in one stack, built from the same route table, job list and table definition
 * as the local stack: one Lambda and one HTTP API route per row.
 */
export class KhelaghorStack extends Stack {
  constructor(scope: Construct, id: string, props: KhelaghorStackProps = {}) {
    super(scope, id, props);
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

    const table = createTable(this);
    const { userPool, spaClient } = createAuth(this, { emailFrom: props.emailFrom });
    const { httpApi, stage } = createHttpApi(this);
    const site = createSite(this, { httpApi, customDomain: props.customDomain });

    const environment: Record<string, string> = {
      TABLE_NAME: table.tableName,
      USER_POOL_ID: userPool.userPoolId,
      PUBLIC_URL: site.url,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Stack traces point into the TypeScript sources (esbuild writes the source maps).
      NODE_OPTIONS: '--enable-source-maps',
      ...(props.gatewayBaseUrl ? { GATEWAY_BASE_URL: props.gatewayBaseUrl } : {}),
    };
    const factory = new FunctionFactory(this, 'Fn', {
      repoRoot: root,
      handlersDir,
      table,
      userPool,
      environment,
    });
    const authorizer = createAuthorizer(userPool, spaClient);
    // Only the routes that page a list sign and check cursors, so only they get the key.
    const cursorSecret = createCursorSecret(this);

    // Jobs first: routes that start a job are given its Lambda's name.
    const jobFns = new Map<string, NodejsFunction>();
    for (const [name, job] of jobEntries) {
      const fnId = `Job${constructId(name)}`;
      const fn = factory.create({
        id: fnId,
        handler: job.handler,
        description: `Scheduled every ${job.everyMinutes} min: ${job.summary}`,
        grants: jobGrants,
        // Runs every minute; a slow gateway poll must not pile up runs.
        timeout: Duration.seconds(50),
      });
      jobFns.set(name, fn);
      new Schedule(this, `${fnId}Schedule`, {
        description: `Khelaghor ${name}: ${job.summary}`.slice(0, 512),
        schedule: ScheduleExpression.rate(Duration.minutes(job.everyMinutes)),
        // A missed run is made up by the next one a minute later: no retries.
        target: new LambdaInvoke(fn, { retryAttempts: 0, maxEventAge: Duration.minutes(1) }),
      });
    }

    for (const row of routes) {
      const fnId = constructId(row.name);
      const grants = routeGrants(row);
      const worker = grants.kicksJob ? jobFns.get(grants.kicksJob) : undefined;
      if (grants.kicksJob && !worker)
        throw new Error(`Route ${row.name} kicks job ${grants.kicksJob}, which is not in the jobs`);
      const fn = factory.create({
        id: fnId,
        handler: row.handler,
        description: `${row.method} ${row.path} (${row.access}): ${row.summary}`,
        grants,
        environment: {
          ...(isPagedRoute(row) && { CURSOR_SECRET: cursorSecret }),
          ...(worker && { JOB_WORKER_FUNCTION: worker.functionName }),
        },
      });
      worker?.grantInvoke(fn);
      addRoute(httpApi, row, fn, authorizer, fnId);
    }

    deploySpa(this, site, props.webDistDir ?? join(root, 'web', 'dist'), {
      apiBase: '/api',
      region: this.region,
      userPoolId: userPool.userPoolId,
      userPoolClientId: spaClient.userPoolClientId,
      authFlow: 'USER_SRP_AUTH',
    });

    const alarmTopic = createAlarms(this, {
      functions: factory.functions,
      table,
      indexNames: tableDefinition.globalSecondaryIndexes.map((g) => g.indexName),
      httpApi,
      alarmEmail: props.alarmEmail,
    });

    const outputs: Record<string, string> = {
      SiteUrl: site.url,
      DistributionDomainName: site.distribution.distributionDomainName,
      DistributionId: site.distribution.distributionId,
      ApiUrl: stage.url,
      Region: this.region,
      UserPoolId: userPool.userPoolId,
      UserPoolClientId: spaClient.userPoolClientId,
      TableName: table.tableName,
      SpaBucketName: site.bucket.bucketName,
      AlarmTopicArn: alarmTopic.topicArn,
    };
    for (const [key, value] of Object.entries(outputs)) new CfnOutput(this, key, { value });
  }
}
