import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { lambdaEsbuildOptions } from './lambda-bundling';
import { handlerEntry } from './paths';

/**
 * What a function's code can ask of AWS, read from its bundle: the SDK commands that survive
 * tree-shaking, and the kinds of items its write transactions hold. IAM is granted from this and
 * nothing else, so a function never holds an action its code does not use, and a new call in the
 * code is granted by the next synth (DynamoDB Local and cognito-local check no IAM at all).
 */
export interface CodeGrants {
  /** IAM actions on the table, sorted. */
  table: string[];
  /** Whether it queries an index (the index ARNs are granted only then). */
  queriesIndex: boolean;
  /** IAM actions on the user pool, sorted. */
  userPool: string[];
  /** IAM actions on the gateway API key secret, sorted. */
  gatewaySecret: string[];
  /**
   * The shop's rotating secrets the code reads at run time (functions/src/runtime/secrets.ts), by
   * name, sorted: the function gets `<name>_ARN` and secretsmanager:GetSecretValue on that secret.
   */
  secrets: AppSecretName[];
  /** Whether it invokes a Lambda (a job worker: the route row says which). */
  invokes: boolean;
}

/** SDK command (document client or low-level) -> the IAM action it needs. */
const dynamoCommands: Record<string, string> = {
  GetCommand: 'dynamodb:GetItem',
  GetItemCommand: 'dynamodb:GetItem',
  BatchGetCommand: 'dynamodb:BatchGetItem',
  BatchGetItemCommand: 'dynamodb:BatchGetItem',
  QueryCommand: 'dynamodb:Query',
  ScanCommand: 'dynamodb:Scan',
  PutCommand: 'dynamodb:PutItem',
  PutItemCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  UpdateItemCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  DeleteItemCommand: 'dynamodb:DeleteItem',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  BatchWriteItemCommand: 'dynamodb:BatchWriteItem',
};
/** IAM authorizes a write transaction item by item: the action of each kind of item it holds. */
const transactionItems: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};
/** The rotating secrets of functions/src/runtime/secrets.ts (SecretName there). */
const APP_SECRET_NAMES = ['CURSOR_SECRET', 'ORIGIN_VERIFY_SECRET', 'RESELLER_KEY_SECRET'] as const;
export type AppSecretName = (typeof APP_SECRET_NAMES)[number];
/*
 * Which secret a GetSecretValueCommand reads is not in the command: the readers name it as a string
 * literal at the call that survives tree-shaking only with its use (readRotatingSecret('CURSOR_SECRET')
 * in runtime/secrets.ts, secretsManagerGet(arn, 'GATEWAY_SECRET') in clients/secret-store.ts). Object
 * keys (the config schema's) are printed unquoted by esbuild, so only those calls match.
 */
const GATEWAY_SECRET_NAME = 'GATEWAY_SECRET';
const namesSecret = (code: string, name: string) => code.includes(`"${name}"`);

const sorted = (set: Set<string>) => [...set].sort();

/**
 * The SDK classes a bundle imports, by the local name it calls them: esbuild renames a second
 * import of the same class (`GetCommand as GetCommand2`), so names are read from the imports.
 */
function sdkImports(code: string): Map<string, string> {
  const names = new Map<string, string>();
  const add = (list: string, rename: RegExp) => {
    for (const part of list.split(',')) {
      const [imported, local] = part.trim().split(rename);
      if (imported) names.set(local ?? imported, imported);
    }
  };
  for (const [, list] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@aws-sdk\/[^"]+"/g)) add(list!, /\s+as\s+/);
  // A lazily loaded SDK: `const { AdminGetUserCommand, X: Y } = await import("@aws-sdk/...")`.
  // [^{}]: the destructuring's own braces, not an enclosing block's (`{\n const { X } = ...`).
  for (const [, list] of code.matchAll(/\{([^{}]*)\}\s*=\s*await import\("@aws-sdk\/[^"]+"\)/g)) add(list!, /\s*:\s*/);
  return names;
}

/** The grants one bundle (esbuild ESM output, not minified, the SDK external) needs. */
export function grantsOfBundle(code: string): CodeGrants {
  const table = new Set<string>();
  const userPool = new Set<string>();
  const gatewaySecret = new Set<string>();
  const imports = sdkImports(code);
  let invokes = false;
  let getsSecrets = false;
  for (const [, local] of code.matchAll(/\bnew (\w+)\(/g)) {
    const command = imports.get(local!);
    if (!command?.endsWith('Command')) continue;
    if (dynamoCommands[command]) table.add(dynamoCommands[command]);
    else if (command === 'GetSecretValueCommand') getsSecrets = true;
    else if (command === 'PutSecretValueCommand') gatewaySecret.add('secretsmanager:PutSecretValue');
    else if (command === 'InvokeCommand') invokes = true;
    else if (command === 'TransactWriteCommand' || command === 'TransactWriteItemsCommand') {
      for (const [, kind] of code.matchAll(/\b(Put|Update|Delete|ConditionCheck): \{/g))
        table.add(transactionItems[kind!]!);
    } else if (command === 'TransactGetCommand' || command === 'TransactGetItemsCommand') {
      table.add('dynamodb:GetItem');
    } else if (/^(Admin\w+|ListUsers\w*|ListGroups|CreateGroup|GetGroup)Command$/.test(command)) {
      userPool.add(`cognito-idp:${command.replace(/Command$/, '')}`);
    }
  }
  if (getsSecrets && namesSecret(code, GATEWAY_SECRET_NAME)) gatewaySecret.add('secretsmanager:GetSecretValue');
  return {
    table: sorted(table),
    queriesIndex: table.has('dynamodb:Query') && /\bIndexName:/.test(code),
    userPool: sorted(userPool),
    gatewaySecret: sorted(gatewaySecret),
    secrets: getsSecrets ? APP_SECRET_NAMES.filter((name) => namesSecret(code, name)) : [],
    invokes,
  };
}

const cache = new Map<string, Map<string, CodeGrants>>();

/**
 * Bundles every handler at once (about 1.5 s for 68) with the SDK left out and reads each
 * bundle's grants. Cached per handler set: a test file synthesizes more than once.
 */
export function codeGrants(repoRoot: string, handlersDir: string, handlers: string[]): Map<string, CodeGrants> {
  const unique = [...new Set(handlers)].sort();
  const key = `${handlersDir}|${unique.join(',')}`;
  const known = cache.get(key);
  if (known) return known;
  const result = buildSync({
    // The deployed bundle's resolution and tree-shaking (lambda-bundling.ts), but with the SDK
    // left out and nothing minified, so that the SDK classes the code calls keep their names.
    ...lambdaEsbuildOptions(repoRoot),
    entryPoints: Object.fromEntries(unique.map((h) => [h, handlerEntry(handlersDir, h)])),
    write: false,
    minify: false,
    sourcemap: false,
    outdir: join(repoRoot, 'cdk.out', 'grant-bundles'),
    external: ['@aws-sdk/*'],
    logLevel: 'error',
  });
  const grants = new Map<string, CodeGrants>();
  for (const handler of unique) {
    const out = result.outputFiles.find((f) => f.path.endsWith(`/grant-bundles/${handler}.js`));
    if (!out) throw new Error(`esbuild produced no bundle for ${handler}`);
    grants.set(handler, grantsOfBundle(out.text));
  }
  cache.set(key, grants);
  return grants;
}
