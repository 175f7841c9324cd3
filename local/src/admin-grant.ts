import {
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { join } from 'node:path';
import { createDb } from '../../functions/src/db/client';
import { writeAdminRole } from '../../functions/src/db/users/admin-role';
import { ensureProfile } from '../../functions/src/db/users/profiles';
import { ADMIN_GROUP, cognitoClient } from './cognito';
import { readStackFile, repoRoot } from './stack';

// Node 24 here (scripts/node24.mjs); run on an older Node the SDK's notice about its Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm run admin:grant -- EMAIL`: put the user in the `admin` group, then write their role record
 * (and the profile's is_admin when they have a profile). The API wants both, so the group goes
 * first: stopping in between grants nothing, and running it again completes it. Against the
 * running local stack by default; against AWS when USER_POOL_ID and TABLE_NAME are set in the
 * environment. The user gets the role on their next sign-in.
 */
const email = process.argv[2]?.trim().toLowerCase();
const fail = (line: string): never => {
  console.error(line);
  process.exit(1);
};
if (!email || !email.includes('@')) fail('Usage: npm run admin:grant -- user@example.com');

let client: CognitoIdentityProviderClient;
let userPoolId: string;
let db: ReturnType<typeof createDb>;
if (process.env.USER_POOL_ID) {
  userPoolId = process.env.USER_POOL_ID;
  client = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION ?? 'ap-southeast-1' });
  // Without the role record the group alone opens no admin route.
  if (!process.env.TABLE_NAME)
    fail('Set TABLE_NAME too: the admin role is the Cognito group and a record in the table.');
  db = createDb({ table: process.env.TABLE_NAME!, region: process.env.AWS_REGION });
} else {
  const stack = readStackFile(join(repoRoot, '.data'));
  if (!stack.cognitoUrl || !stack.userPoolId) {
    fail(
      'No local stack found (.data/stack.json): run npm start first, or set USER_POOL_ID (and TABLE_NAME) for AWS.',
    );
  }
  userPoolId = stack.userPoolId!;
  client = cognitoClient(stack.cognitoUrl!);
  if (!stack.tableName || !stack.dynamodbEndpoint)
    fail('The local stack file names no table: run npm start first.');
  db = createDb({ table: stack.tableName!, endpoint: stack.dynamodbEndpoint! });
}

try {
  const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email! }));
  const attr = (n: string) => user.UserAttributes?.find((a) => a.Name === n)?.Value;
  const sub = attr('sub') ?? user.Username!;
  // The group call takes the username (the sub when email is an alias), not the email.
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: user.Username ?? sub,
      GroupName: ADMIN_GROUP,
    }),
  );
  // The profile too (if they never signed in yet), so they show in Admin > Users with the flag.
  await ensureProfile(db, { userId: sub, email: email!, groups: [ADMIN_GROUP], isAdmin: true }, async () => ({
    email: attr('email'),
    fullName: attr('name'),
    phone: attr('phone_number'),
  }));
  await writeAdminRole(db, sub, { isAdmin: true, by: 'cli', now: new Date() }, { profile: 'if-exists' });
  console.log(
    `${email} is now an admin: sign in again, then open /admin and add an authenticator app when asked (docs/admin-mfa.md).`,
  );
} catch (error) {
  const name = (error as Error).name;
  if (name === 'UserNotFoundException') fail(`No user with email ${email}: sign up first.`);
  if (name === 'ECONNREFUSED' || /ECONNREFUSED/.test(String((error as Error).message)))
    fail('cognito-local does not answer: run npm start first.');
  fail(`Could not grant admin: ${(error as Error).message}`);
}
process.exit(0);
