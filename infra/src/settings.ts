import type { App } from 'aws-cdk-lib';
import type { CustomDomain } from './site';

/** Everything a deployment may set with `-c key=value` (or in cdk.json's context). */
export interface Settings {
  stackName: string;
  region: string;
  account?: string;
  customDomain?: CustomDomain;
  gatewayBaseUrl?: string;
  alarmEmail?: string;
  emailFrom?: string;
  allowMissingHandlers: boolean;
}

function text(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value);
}

export function readSettings(app: App, env: NodeJS.ProcessEnv = process.env): Settings {
  const domainName = text(app, 'domainName');
  const certificateArn = text(app, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Set both -c domainName=... and -c certificateArn=... (an ACM certificate in us-east-1), or neither.');
  }
  if (certificateArn && !certificateArn.startsWith('arn:aws:acm:us-east-1:')) {
    throw new Error(`certificateArn must be an ACM certificate in us-east-1 (CloudFront reads only those): ${certificateArn}`);
  }
  const gatewayBaseUrl = text(app, 'gatewayBaseUrl');
  if (gatewayBaseUrl && !/^https?:\/\/[^/]+/.test(gatewayBaseUrl)) {
    throw new Error(`gatewayBaseUrl must be a URL such as https://pay.example.com: ${gatewayBaseUrl}`);
  }
  return {
    stackName: text(app, 'stackName') ?? 'Khelaghor',
    // Explicit, never the CLI's fallback (us-east-1 when no profile sets one): Singapore is the
    // closest full-service region to Bangladesh for most ISPs.
    region: text(app, 'region') ?? 'ap-southeast-1',
    account: env.CDK_DEFAULT_ACCOUNT,
    customDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    gatewayBaseUrl: gatewayBaseUrl?.replace(/\/+$/, ''),
    alarmEmail: text(app, 'alarmEmail'),
    emailFrom: text(app, 'emailFrom'),
    allowMissingHandlers: text(app, 'allowMissingHandlers') === 'true',
  };
}
