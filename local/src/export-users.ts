import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cognitoClient } from './cognito';
import { readStackFile, repoRoot } from './stack';
import { exportUsers } from './user-export';

// Node 24 here (scripts/node24.mjs); run on an older Node the SDK's notice about its Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm run users:export -- [--out users.json]`: every user of the pool with their attributes and
 * groups as JSON (stdout, or the file). The running local stack's pool by default; the pool of
 * USER_POOL_ID on AWS (the shell's credentials and AWS_REGION). Keep the file like a backup: it
 * holds every customer's email and phone number (docs/operations.md, "Restore").
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });

let client: CognitoIdentityProviderClient;
let userPoolId: string;
if (process.env.USER_POOL_ID) {
  userPoolId = process.env.USER_POOL_ID;
  client = new CognitoIdentityProviderClient({ region: process.env.AWS_REGION ?? 'ap-southeast-1' });
} else {
  const stack = readStackFile(join(repoRoot, '.data'));
  if (!stack.cognitoUrl || !stack.userPoolId) {
    console.error(
      'No local stack found (.data/stack.json): run npm start first, or set USER_POOL_ID for AWS.',
    );
    process.exit(1);
  }
  userPoolId = stack.userPoolId;
  client = cognitoClient(stack.cognitoUrl);
}

const users = await exportUsers(client, userPoolId);
const json = `${JSON.stringify({ userPoolId, exportedAt: new Date().toISOString(), users }, null, 2)}\n`;
if (values.out) {
  writeFileSync(values.out, json, { mode: 0o600 });
  console.error(`${users.length} users of ${userPoolId} written to ${values.out}`);
} else {
  process.stdout.write(json);
}
client.destroy();
