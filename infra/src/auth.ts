import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  UserPoolEmail,
  UserPoolClient,
  UserPoolGroup,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ADMIN_GROUP } from '@khelaghor/contract/roles';
import { BUNDLE_HANDLER, type LambdaBundles } from './lambda-bundles';
import { LAMBDA_RUNTIME } from './lambda-bundling';
import { acknowledge } from './nag';
import { defaultHandlersDir, handlerEntry } from './paths';

/** The CustomMessage trigger's handler module (functions/src/handlers/<this>.ts). */
const CUSTOM_MESSAGE_HANDLER = 'auth/custom-message';
export const customMessageEntry = (repoRoot: string) =>
  handlerEntry(defaultHandlersDir(repoRoot), CUSTOM_MESSAGE_HANDLER);

export interface Auth {
  userPool: UserPool;
  spaClient: UserPoolClient;
  /** USER_PASSWORD_AUTH for scripts (load tests, smoke checks); never given to a browser. */
  scriptsClient: UserPoolClient;
}

export interface AuthProps {
  /** The one build of every handler (lambda-bundles.ts), which holds the CustomMessage trigger's. */
  bundles: LambdaBundles;
  emailFrom?: string;
  /** The SES configuration set the code mails go out with (mail-reputation.ts). */
  configurationSet?: string;
}

/**
 * Customers sign in with their email. The spec's sign-up form asks for full name and an optional
 * phone; both are optional here because required attributes can never be changed on a pool.
 */
export function createAuth(scope: Construct, props: AuthProps): Auth {
  const userPool = new UserPool(scope, 'UserPool', {
    // Password sign-in, TOTP and groups are all the shop needs: Lite is the cheapest plan past the
    // 10,000 free monthly active users (Essentials, the CloudFormation default, costs ~3x; Plus,
    // with threat protection, ~10x: docs/cost.md).
    featurePlan: FeaturePlan.LITE,
    // Optional for customers (DESIGN 11: sign-up stays one short form); the API refuses admin
    // routes to an admin without an authenticator app (functions/src/kit/admin-access.ts).
    mfa: Mfa.OPTIONAL,
    mfaSecondFactor: { otp: true, sms: false },
    selfSignUpEnabled: true,
    signInAliases: { email: true },
    signInCaseSensitive: false,
    autoVerify: { email: true },
    keepOriginal: { email: true },
    userVerification: { emailStyle: VerificationEmailStyle.CODE },
    standardAttributes: {
      email: { required: true, mutable: true },
      fullname: { required: false, mutable: true },
      phoneNumber: { required: false, mutable: true },
    },
    // The spec and DESIGN 11: "Password must be at least 6 characters long", nothing more;
    // admin accounts are protected by their second factor instead.
    passwordPolicy: {
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireDigits: false,
      requireSymbols: false,
      tempPasswordValidity: Duration.days(7),
    },
    accountRecovery: AccountRecovery.EMAIL_ONLY,
    // Cognito's own mailer sends at most 50 emails a day; a shop with real sign-ups needs SES.
    ...(props.emailFrom
      ? {
          email: UserPoolEmail.withSES({
            fromEmail: props.emailFrom,
            fromName: 'Khelaghor',
            sesRegion: Stack.of(scope).region,
            configurationSetName: props.configurationSet,
          }),
        }
      : {}),
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });

  // A browser cannot keep a secret: public client, SRP only (the password never leaves the
  // browser). Refresh tokens are always allowed by Cognito.
  const spaClient = userPool.addClient('SpaClient', {
    generateSecret: false,
    // No hosted UI: the SPA has its own sign-in screens (otherwise CDK enables OAuth flows with
    // an example.com callback).
    disableOAuth: true,
    authFlows: { userSrp: true },
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: Duration.hours(1),
    idTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
  });
  // Smoke checks and load tests sign in here without SRP; MFA applies to them just the same.
  const scriptsClient = userPool.addClient('ScriptsClient', {
    generateSecret: false,
    disableOAuth: true,
    authFlows: { userPassword: true },
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: Duration.minutes(15),
    idTokenValidity: Duration.minutes(15),
    refreshTokenValidity: Duration.hours(1),
  });

  acknowledge(
    userPool,
    'COG1',
    "DESIGN 11: the customer password minimum stays the spec's 6 characters; admins have TOTP on top",
  );
  acknowledge(
    userPool,
    'COG2',
    'MFA is optional for customers (sign-up stays one short form, DESIGN 11); the API refuses admin routes to an admin without TOTP',
  );
  // COG8 (threat protection, the Plus plan) is acknowledged in user-pool-waf.ts, beside the web
  // ACL that stands in for it.

  // The sign-up, new-code and forgotten-password mails in the shop's words and layout (the local
  // stack runs the same module from its trigger server). It lives here, beside the pool, because
  // the pool names it: in the app stack the two stacks would reference each other.
  userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessageFunction(scope, props.bundles));

  new UserPoolGroup(scope, 'AdminGroup', {
    userPool,
    groupName: ADMIN_GROUP,
    description: 'Shop administrators (the admin dashboard and every /api/admin route)',
  });

  return { userPool, spaClient, scriptsClient };
}

/**
 * Cognito calls it synchronously before every code mail: no table, no secrets, no SDK, only its own
 * log group (a role of its own, so the managed basic-execution policy is not needed).
 */
function customMessageFunction(scope: Construct, bundles: LambdaBundles): LambdaFunction {
  const logGroup = new LogGroup(scope, 'AuthMailLogs', {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const role = new Role(scope, 'AuthMailRole', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: 'Khelaghor CustomMessage trigger: writes its own logs, calls nothing',
  });
  logGroup.grantWrite(role);
  return new LambdaFunction(scope, 'AuthCustomMessage', {
    code: bundles.code(customMessageEntry(bundles.repoRoot)),
    handler: BUNDLE_HANDLER,
    description:
      'Cognito CustomMessage trigger: subject and HTML of the sign-up, new-code and password-reset mails',
    runtime: LAMBDA_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: 256,
    // Cognito waits at most 5 s for a trigger.
    timeout: Duration.seconds(5),
    role,
    logGroup,
    environment: { NODE_OPTIONS: '--enable-source-maps' },
  });
}
