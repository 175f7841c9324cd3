import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  UserPool,
  UserPoolEmail,
  UserPoolClient,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { ADMIN_GROUP } from '@khelaghor/contract/roles';

export interface Auth {
  userPool: UserPool;
  spaClient: UserPoolClient;
}

/**
 * Customers sign in with their email. The spec's sign-up form asks for full name and an optional
 * phone; both are optional here because required attributes can never be changed on a pool.
 */
export function createAuth(scope: Construct, props: { emailFrom?: string } = {}): Auth {
  const userPool = new UserPool(scope, 'UserPool', {
    // Password sign-in and groups are all the shop needs: Lite is the cheapest plan past the
    // 10,000 free monthly active users (Essentials, the CloudFormation default, costs ~3x).
    featurePlan: FeaturePlan.LITE,
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
    // The spec: "Password must be at least 6 characters long", nothing more.
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
          }),
        }
      : {}),
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });

  // A browser cannot keep a secret: public client, SRP by default; USER_PASSWORD_AUTH for
  // scripts and the local-parity flow. Refresh tokens are always allowed by Cognito.
  const spaClient = userPool.addClient('SpaClient', {
    generateSecret: false,
    // No hosted UI: the SPA has its own sign-in screens (otherwise CDK enables OAuth flows with
    // an example.com callback).
    disableOAuth: true,
    authFlows: { userSrp: true, userPassword: true },
    preventUserExistenceErrors: true,
    enableTokenRevocation: true,
    accessTokenValidity: Duration.hours(1),
    idTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
  });

  new UserPoolGroup(scope, 'AdminGroup', {
    userPool,
    groupName: ADMIN_GROUP,
    description: 'Shop administrators (the admin dashboard and every /api/admin route)',
  });

  return { userPool, spaClient };
}
