import { Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppStack, type AppStackProps } from './app-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './edge-stack';
import { acknowledgeFindings } from './nag';
import type { Settings } from './settings';

export interface Shop {
  data: DataStack;
  edge?: EdgeStack;
  app: AppStack;
}

/**
 * The whole shop for one stage: the stateful DataStack, the EdgeStack (the WAF web ACL, in
 * us-east-1 because CloudFront reads it only there) and the AppStack on top of both. cdk-nag's
 * AwsSolutions pack checks all three; every acknowledged finding carries its reason (nag.ts).
 */
export function buildShop(
  app: App,
  settings: Settings,
  overrides: Partial<Omit<AppStackProps, 'data'>> = {},
): Shop {
  const env = { account: settings.account, region: settings.region };
  const prefix = `${settings.stackName}-${settings.stage}`;
  const tags = { project: 'khelaghor', stage: settings.stage };
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    tags,
    description: `Khelaghor ${settings.stage}: table, user pool, secrets (termination-protected)`,
    emailFrom: settings.emailFrom,
  });
  const edge = settings.waf
    ? new EdgeStack(app, `${prefix}-Edge`, {
        env: { account: settings.account, region: 'us-east-1' },
        tags,
        description: `Khelaghor ${settings.stage}: WAF web ACL for CloudFront`,
        crossRegionReferences: true,
      })
    : undefined;
  const shop = new AppStack(app, `${prefix}-App`, {
    env,
    tags,
    description: `Khelaghor ${settings.stage}: API, functions, site, alarms`,
    crossRegionReferences: Boolean(edge),
    data,
    webAclArn: edge?.webAclArn,
    customDomain: settings.customDomain,
    gatewayBaseUrl: settings.gatewayBaseUrl,
    alarmEmail: settings.alarmEmail,
    emailFrom: settings.emailFrom,
    reservedConcurrency: settings.reservedConcurrency,
    allowMissingHandlers: settings.allowMissingHandlers,
    originVerifyVersion: settings.originVerifyVersion,
    ...overrides,
  });
  for (const stack of [data, edge, shop]) if (stack) acknowledgeFindings(stack);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { data, edge, app: shop };
}
