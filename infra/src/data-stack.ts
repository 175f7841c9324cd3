import { CfnResource, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { createAuth } from './auth';
import type { LambdaBundles } from './lambda-bundles';
import { createTable } from './data';
import { createMailConfigurationSet } from './mail-reputation';
import { acknowledge } from './nag';

/**
 * The logical ids of what must never be replaced: CloudFormation replaces a resource whose logical
 * id changes, and a replaced table or user pool is an empty one (the old one is only retained).
 * infra/test/data-stack.test.ts pins them.
 */
export const PINNED_IDS = {
  table: 'ShopTable',
  userPool: 'ShopUserPool',
  gatewaySecret: 'GatewayApiKeySecret',
  cursorSecret: 'CursorSecret',
  resellerKeySecret: 'ResellerKeySecret',
  originVerifySecret: 'OriginVerifySecret',
} as const;

export interface DataStackProps extends StackProps {
  /** The one build of every handler (lambda-bundles.ts): the CustomMessage trigger's code. */
  bundles: LambdaBundles;
  emailFrom?: string;
}

/**
 * The stateful half: the table (orders, balances, codes), the user pool (accounts) and the
 * secrets. It changes rarely, is deployed first and carries termination protection; the app stack
 * (functions, API, site, alarms) can be rebuilt or refactored at will on top of it.
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly userPool: UserPool;
  readonly spaClient: UserPoolClient;
  readonly scriptsClient: UserPoolClient;
  readonly gatewaySecret: Secret;
  readonly cursorSecret: Secret;
  readonly resellerKeySecret: Secret;
  readonly originVerifySecret: Secret;
  /** The bulk-SMS provider's credentials (SSL Wireless), put by the operator. */
  readonly smsSecret: Secret;
  /** The suppliers' API secrets (issue 31), saved from admin API Setup, never shown back. */
  readonly unipinSecret: Secret;
  readonly moogoldSecret: Secret;
  /** The SES configuration set of all mail (with -c emailFrom only). */
  readonly mailConfigurationSet?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, { terminationProtection: true, ...props });
    this.table = createTable(this);
    pin(this.table, PINNED_IDS.table);
    // Every message goes out with it (bounce and complaint suppression, reputation metrics).
    this.mailConfigurationSet = props.emailFrom ? createMailConfigurationSet(this) : undefined;
    const auth = createAuth(this, {
      bundles: props.bundles,
      emailFrom: props.emailFrom,
      configurationSet: this.mailConfigurationSet?.configurationSetName,
    });
    pin(auth.userPool, PINNED_IDS.userPool);
    this.userPool = auth.userPool;
    this.spaClient = auth.spaClient;
    this.scriptsClient = auth.scriptsClient;

    // Written only by the admin save route (API Setup); read only by the functions that call the
    // gateway. Its value starts empty: the key is the operator's, typed in API Setup.
    this.gatewaySecret = new Secret(this, 'GatewayApiKey', {
      description: 'Khelaghor: UddoktaPay API key ({"api_key": "..."}), set in Admin > API Setup',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ api_key: '' })),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    pin(this.gatewaySecret, PINNED_IDS.gatewaySecret);
    acknowledge(
      this.gatewaySecret,
      'SMG4',
      "UddoktaPay issues the key: it is rotated by saving the gateway's new key in API Setup (docs/payments.md)",
    );
    this.cursorSecret = new Secret(this, 'Cursor', {
      description: 'Khelaghor: HMAC-SHA256 key of the page cursors (CURSOR_SECRET)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      // A new key only makes open lists ask for a reload: nothing to keep after a tear-down.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    pin(this.cursorSecret, PINNED_IDS.cursorSecret);
    acknowledge(
      this.cursorSecret,
      'SMG4',
      'Rotated by hand, no outage: {"current","previous"} JSON read at run time, open lists keep paging (docs/deploy.md, "Rotating the secrets")',
    );
    // Every reseller API key's signing secret is derived from it. A plain value is read as the
    // current root; a rotation writes {"current","previous"} and keys made under the previous root
    // keep working (functions/src/runtime/secrets.ts).
    this.resellerKeySecret = new Secret(this, 'ResellerKey', {
      description: 'Khelaghor: server secret the reseller API keys are derived from (RESELLER_KEY_SECRET)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    pin(this.resellerKeySecret, PINNED_IDS.resellerKeySecret);
    acknowledge(
      this.resellerKeySecret,
      'SMG4',
      'Rotated by hand: {"current","previous"} JSON read at run time, keys made under the previous root keep working (docs/deploy.md, "Rotating the secrets")',
    );
    // CloudFront sends its `current` value to the API and the kit accepts `current` and `previous`:
    // here, so that it does not change when the app stack is rebuilt. JSON from the start, because
    // CloudFront's header reads the `current` field.
    this.originVerifySecret = new Secret(this, 'OriginVerify', {
      description: 'Khelaghor: x-origin-verify header from CloudFront to the API ({"current","previous"})',
      generateSecretString: {
        secretStringTemplate: '{}',
        generateStringKey: 'current',
        passwordLength: 48,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    pin(this.originVerifySecret, PINNED_IDS.originVerifySecret);
    acknowledge(
      this.originVerifySecret,
      'SMG4',
      'Rotated by hand in four steps with no outage: previous kept while CloudFront is redeployed with -c originVerifyVersion (docs/deploy.md, "Rotating the secrets")',
    );
    // The SSL Wireless API token and SID the buyers' SMS go out with (docs/notifications.md, "SMS").
    // Empty until the operator puts the account's values: until then no SMS is sent and no phone
    // can be verified. Only the functions whose bundles send SMS may read it (code-grants.ts).
    this.smsSecret = new Secret(this, 'SmsProvider', {
      description: 'Khelaghor: SSL Wireless SMS API credentials ({"api_token": "...", "sid": "..."})',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ api_token: '', sid: '' })),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.smsSecret,
      'SMG4',
      'SSL Wireless issues the API token: rotated by putting the new token in the secret (docs/notifications.md, "SMS")',
    );
    // The suppliers' secrets (UniPin's HMAC secret, MooGold's API secret): empty until an admin
    // saves one in API Setup, which writes it here. Only the functions whose bundles call a
    // supplier may read them, only the save may write them (code-grants.ts).
    const supplierSecret = (id: string, name: string) => {
      const secret = new Secret(this, id, {
        description: `Khelaghor: the ${name} API secret ({"secret": "..."}), saved from admin API Setup`,
        secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ secret: '' })),
        removalPolicy: RemovalPolicy.RETAIN,
      });
      acknowledge(
        secret,
        'SMG4',
        `${name} issues the secret: rotated by saving the new one in admin API Setup (docs/suppliers.md)`,
      );
      return secret;
    };
    this.unipinSecret = supplierSecret('UnipinSecret', 'UniPin');
    this.moogoldSecret = supplierSecret('MoogoldSecret', 'MooGold');
  }
}

function pin(construct: Construct, logicalId: string): void {
  (construct.node.defaultChild as CfnResource).overrideLogicalId(logicalId);
}
