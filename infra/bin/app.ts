import { App } from 'aws-cdk-lib';
import { KhelaghorStack } from '../src/stack';
import { readSettings } from '../src/settings';

/** The CDK app (cdk.json runs it with tsx): one stack for the whole product. */
const app = new App();
const settings = readSettings(app);

new KhelaghorStack(app, settings.stackName, {
  env: { account: settings.account, region: settings.region },
  description: 'Khelaghor shop: SPA, API, Cognito, DynamoDB, sweeper',
  customDomain: settings.customDomain,
  gatewayBaseUrl: settings.gatewayBaseUrl,
  alarmEmail: settings.alarmEmail,
  emailFrom: settings.emailFrom,
  allowMissingHandlers: settings.allowMissingHandlers,
});
