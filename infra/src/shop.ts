import { jobs, routeList, streamConsumers } from '@khelaghor/contract';
import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { AppStack, type AppStackProps } from './app-stack';
import { customMessageEntry } from './auth';
import { DataStack } from './data-stack';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeStack } from './edge-stack';
import { nameAlarmsOf } from './alarm-names';
import { defaultBundlesDir, LambdaBundles } from './lambda-bundles';
import { acknowledgeFindings } from './nag';
import { defaultHandlersDir, handlerEntry, repoRoot } from './paths';
import type { Settings } from './settings';
import { acknowledgeThreatProtection } from './user-pool-waf';

export interface Shop {
  data: DataStack;
  edge?: EdgeStack;
  app: AppStack;
  edgeAlarms: EdgeAlarmsStack;
  /** The one build every function's code asset comes from. */
  bundles: LambdaBundles;
}

/**
 * Every handler module the shop's stacks may make a function of: the route table's, the jobs', the
 * stream consumers' and the CustomMessage trigger's. Missing modules are left to the App stack,
 * which refuses them or, with -c allowMissingHandlers=true, leaves their routes out.
 */
function shopEntries(overrides: Partial<Omit<AppStackProps, 'data' | 'bundles'>> = {}): string[] {
  const root = overrides.repoRoot ?? repoRoot;
  const handlersDir = overrides.handlersDir ?? defaultHandlersDir(root);
  const handlers = [
    ...(overrides.routes ?? routeList).map((r) => r.handler),
    ...Object.values(overrides.jobs ?? jobs).map((j) => j.handler),
    ...Object.values(streamConsumers).map((c) => c.handler),
  ];
  return [customMessageEntry(root), ...handlers.map((h) => handlerEntry(handlersDir, h))].filter((e) =>
    existsSync(e),
  );
}

/**
 * The whole shop for one stage: the stateful DataStack, the EdgeStack (the WAF web ACL, in
 * us-east-1 because CloudFront reads it only there), the AppStack on top of both, and the
 * EdgeAlarmsStack (us-east-1: CloudFront's metrics live there) after it. cdk-nag's AwsSolutions
 * pack checks them all; every acknowledged finding carries its reason (nag.ts).
 */
export function buildShop(
  app: App,
  settings: Settings,
  overrides: Partial<Omit<AppStackProps, 'data' | 'bundles'>> = {},
  /** Where the functions are bundled (the tests give each synth a folder of its own). */
  bundlesDir?: string,
): Shop {
  const root = overrides.repoRoot ?? repoRoot;
  const bundles = LambdaBundles.build({
    repoRoot: root,
    entries: shopEntries(overrides),
    outDir: bundlesDir ?? defaultBundlesDir(root),
  });
  const env = { account: settings.account, region: settings.region };
  const prefix = `${settings.stackName}-${settings.stage}`;
  const tags = { project: 'khelaghor', stage: settings.stage };
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    tags,
    description: `Khelaghor ${settings.stage}: table, user pool, secrets (termination-protected)`,
    bundles,
    emailFrom: settings.emailFrom,
  });
  const edge = settings.waf
    ? new EdgeStack(app, `${prefix}-Edge`, {
        env: { account: settings.account, region: 'us-east-1' },
        tags,
        description: `Khelaghor ${settings.stage}: WAF web ACL for CloudFront`,
        crossRegionReferences: true,
        block: settings.wafBlock,
      })
    : undefined;
  const shop = new AppStack(app, `${prefix}-App`, {
    env,
    tags,
    description: `Khelaghor ${settings.stage}: API, functions, site, alarms`,
    // The Edge stack's ACL comes in, the distribution's id goes out to the edge alarms.
    crossRegionReferences: true,
    data,
    bundles,
    webAclArn: edge?.webAclArn,
    customDomain: settings.customDomain,
    gatewayBaseUrl: settings.gatewayBaseUrl,
    alarmEmail: settings.alarmEmail,
    emailFrom: settings.emailFrom,
    reservedConcurrency: settings.reservedConcurrency,
    limits: settings.limits,
    allowMissingHandlers: settings.allowMissingHandlers,
    userPoolWaf: settings.waf,
    wafBlock: settings.wafBlock,
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
    smsSilentMinutes: settings.smsSilentMinutes,
    originVerifyVersion: settings.originVerifyVersion,
    ...overrides,
  });
  const edgeAlarms = new EdgeAlarmsStack(app, `${prefix}-EdgeAlarms`, {
    env: { account: settings.account, region: 'us-east-1' },
    tags,
    description: `Khelaghor ${settings.stage}: alarms on CloudFront and its WAF (their metrics are in us-east-1)`,
    crossRegionReferences: true,
    distributionId: shop.distributionId,
    webAclName: edge?.webAclName,
    alarmEmail: settings.alarmEmail,
  });
  acknowledgeThreatProtection(data.userPool, { on: settings.waf, block: settings.wafBlock });
  for (const stack of [shop, edgeAlarms]) nameAlarmsOf(stack);
  for (const stack of [data, edge, shop, edgeAlarms]) if (stack) acknowledgeFindings(stack);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, edge, app: shop, edgeAlarms, bundles };
}
