import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../src/paths';

/**
 * `npm run check:grants -w infra` after `npm run synth`: reads every bundled handler in cdk.out
 * and compares the AWS SDK commands it can send with the IAM actions of its role. DynamoDB Local
 * and cognito-local do not check IAM, so a GET route that writes (or a handler calling a Cognito
 * admin API) would only fail on AWS, with AccessDenied. Exit code 1 when a grant is missing.
 */
type Resource = { Type: string; Properties: Record<string, unknown>; Metadata?: Record<string, unknown> };
/** What this check reads of an AWS::IAM::Policy and of an AWS::Lambda::Function. */
type PolicyProperties = {
  PolicyDocument: { Statement: Array<{ Action: string | string[] }> };
  Roles: Array<{ Ref: string }>;
};
type FunctionProperties = { Role: { 'Fn::GetAtt': [string, string] } };

const stackName = process.argv[2] ?? 'Khelaghor';
const out = join(repoRoot, 'cdk.out');
const templatePath = join(out, `${stackName}.template.json`);
if (!existsSync(templatePath)) {
  console.error(`${templatePath} not found: run npm run synth first.`);
  process.exit(1);
}
const resources = (JSON.parse(readFileSync(templatePath, 'utf8')) as { Resources: Record<string, Resource> })
  .Resources;

/** SDK command class -> the IAM action it needs. */
const dynamoWrites: Record<string, string> = {
  PutCommand: 'dynamodb:PutItem',
  PutItemCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  UpdateItemCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  DeleteItemCommand: 'dynamodb:DeleteItem',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  BatchWriteItemCommand: 'dynamodb:BatchWriteItem',
  // A write transaction needs the write action of each item it holds; PutItem/UpdateItem stand in.
  TransactWriteCommand: 'dynamodb:UpdateItem',
  TransactWriteItemsCommand: 'dynamodb:UpdateItem',
};
/** Commands the code holds only as a fallback the AWS stack never takes (the stack makes the group). */
const ignoredCognito = new Set(['cognito-idp:CreateGroup']);

const actionsByRole = new Map<string, Set<string>>();
for (const r of Object.values(resources)) {
  if (r.Type !== 'AWS::IAM::Policy') continue;
  const props = r.Properties as PolicyProperties;
  const actions = props.PolicyDocument.Statement.flatMap((s) =>
    Array.isArray(s.Action) ? s.Action : [s.Action],
  );
  for (const role of props.Roles) {
    const set = actionsByRole.get(role.Ref) ?? new Set<string>();
    for (const a of actions) set.add(a);
    actionsByRole.set(role.Ref, set);
  }
}

let missingCount = 0;
let checked = 0;
for (const r of Object.values(resources)) {
  const description = r.Properties.Description;
  if (r.Type !== 'AWS::Lambda::Function' || typeof description !== 'string') continue;
  if (!/^(GET|POST|PUT|PATCH|DELETE|Scheduled) /.test(description)) continue;
  const assetPath = r.Metadata?.['aws:asset:path'] as string | undefined;
  const bundle = assetPath ? join(out, assetPath, 'index.js') : '';
  if (!bundle || !existsSync(bundle)) {
    console.error(`no bundle for "${description}" (synthesized with bundling skipped?)`);
    process.exit(1);
  }
  checked++;
  const code = readFileSync(bundle, 'utf8');
  const needed = new Set<string>();
  for (const [, name] of code.matchAll(/\.(\w+Command)\b/g)) {
    if (dynamoWrites[name!]) needed.add(dynamoWrites[name!]!);
    else if (/^(Admin\w+|ListUsers\w*|ListGroups\w*|CreateGroup)Command$/.test(name!)) {
      const action = `cognito-idp:${name!.replace(/Command$/, '')}`;
      if (!ignoredCognito.has(action)) needed.add(action);
    }
  }
  const granted =
    actionsByRole.get((r.Properties as FunctionProperties).Role['Fn::GetAtt'][0]) ?? new Set<string>();
  const missing = [...needed].filter((a) => !granted.has(a)).sort();
  const unusedCognito = [...granted].filter((a) => a.startsWith('cognito-idp:') && !needed.has(a)).sort();
  if (missing.length > 0) {
    missingCount++;
    console.log(`MISSING  ${description.slice(0, 90)}\n         needs ${missing.join(', ')}`);
  } else if (unusedCognito.length > 0 && ![...needed].some((a) => a.startsWith('cognito-idp:'))) {
    console.log(
      `UNUSED   ${description.slice(0, 90)}\n         Cognito granted but never called (permissions: { cognito: 'none' } on the row)`,
    );
  }
}
console.log(`${checked} functions checked, ${missingCount} with missing grants.`);
process.exit(missingCount > 0 ? 1 : 0);
