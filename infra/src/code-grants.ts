import { decode } from '@jridgewell/sourcemap-codec';
import { readFileSync } from 'node:fs';
import type { LambdaBundle } from './lambda-bundles';

/**
 * What a function's code can ask of AWS, read from the bundle it is deployed with (lambda-bundles.ts):
 * the SDK commands its own code constructs after tree-shaking, and the kinds of items its write
 * transactions hold. IAM is granted from this and nothing else, so a function never holds an action
 * its code does not use, and a new call in the code is granted by the next synth (DynamoDB Local and
 * cognito-local check no IAM at all).
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
  /**
   * The secrets its code writes (secretsmanager:PutSecretValue): the suppliers' secrets, which only
   * API Setup's save writes (functions/src/clients/supplier-secret-store.ts).
   */
  secretWrites: AppSecretName[];
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
/**
 * The secrets read at run time by name: the rotating ones of functions/src/runtime/secrets.ts
 * (SecretName there) and the SMS provider's credentials (functions/src/clients/sms/sms-sender.ts).
 */
const APP_SECRET_NAMES = [
  'CURSOR_SECRET',
  'ORIGIN_VERIFY_SECRET',
  'RESELLER_KEY_SECRET',
  'SMS_SECRET',
  'UNIPIN_SECRET',
  'MOOGOLD_SECRET',
] as const;
/** The suppliers' API secrets (functions/src/clients/supplier-secret-store.ts): read and written by name. */
const SUPPLIER_SECRET_NAMES = ['UNIPIN_SECRET', 'MOOGOLD_SECRET'] as const;
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
 * The shop's own code in a minified bundle, as it was written: the stretches its source map says
 * come from outside node_modules (the SDK's own code constructs commands and holds `Put: {` key
 * maps for every transaction, which no function of ours calls), each identifier given back the
 * name it has in the source (esbuild's minifier renames them; the map keeps the names).
 */
export function ownCode(code: string, map: { sources: string[]; names: string[]; mappings: string }): string {
  const own = map.sources.map((source) => !/(^|\/)node_modules\//.test(source));
  const lines = code.split('\n');
  const out: string[] = [];
  decode(map.mappings).forEach((segments, line) => {
    const text = lines[line] ?? '';
    segments.forEach((segment, i) => {
      const next = segments[i + 1];
      if (segment.length === 1 || !own[segment[1]]) return;
      let piece = text.slice(segment[0], next ? next[0] : text.length);
      if (segment.length === 5) piece = piece.replace(/^[\w$]+/, map.names[segment[4]]!);
      out.push(piece);
      // Where the own code stops (the SDK's follows), a line break keeps the two apart.
      if (next && (next.length === 1 || !own[next[1]])) out.push('\n');
    });
    out.push('\n');
  });
  return out.join('');
}

/** The SDK command classes in a bundle, from esbuild's metafile (`.../dist-es/commands/GetCommand.js`). */
function sdkCommandsOf(inputs: LambdaBundle['inputs']): Set<string> {
  const commands = new Set<string>();
  for (const [path, input] of Object.entries(inputs)) {
    const command = /node_modules\/@aws-sdk\/[^/]+\/dist-[^/]+\/commands\/(\w+Command)\.js$/.exec(path)?.[1];
    if (command && input.bytesInOutput > 0) commands.add(command);
  }
  return commands;
}

/**
 * The grants of one function's code (ownCode of its bundle): each SDK command it constructs, by
 * the name the source calls it (`sdkCommands`: the command classes the bundle holds), and what
 * the string literals and object keys of its calls say.
 */
export function grantsOfBundle(code: string, sdkCommands: ReadonlySet<string>): CodeGrants {
  const table = new Set<string>();
  const userPool = new Set<string>();
  const gatewaySecret = new Set<string>();
  let invokes = false;
  let getsSecrets = false;
  let putsSecrets = false;
  for (const [, command] of code.matchAll(/\bnew ([\w$]+)\(/g)) {
    if (!command!.endsWith('Command') || !sdkCommands.has(command!)) continue;
    if (dynamoCommands[command!]) table.add(dynamoCommands[command!]!);
    else if (command === 'GetSecretValueCommand') getsSecrets = true;
    else if (command === 'PutSecretValueCommand') putsSecrets = true;
    else if (command === 'InvokeCommand') invokes = true;
    else if (command === 'TransactWriteCommand' || command === 'TransactWriteItemsCommand') {
      for (const [, kind] of code.matchAll(/\b(Put|Update|Delete|ConditionCheck):\s*\{/g))
        table.add(transactionItems[kind!]!);
    } else if (command === 'TransactGetCommand' || command === 'TransactGetItemsCommand') {
      table.add('dynamodb:GetItem');
    } else if (/^(Admin\w+|ListUsers\w*|ListGroups|CreateGroup|GetGroup)Command$/.test(command!)) {
      userPool.add(`cognito-idp:${command!.replace(/Command$/, '')}`);
    }
  }
  if (getsSecrets && namesSecret(code, GATEWAY_SECRET_NAME))
    gatewaySecret.add('secretsmanager:GetSecretValue');
  // A write names the supplier's secret it writes as "<NAME>:write" (supplier-secret-store.ts), so
  // it is no read; the gateway key's writer (secret-store.ts) names none, as before.
  const secretWrites = putsSecrets
    ? SUPPLIER_SECRET_NAMES.filter((name) => namesSecret(code, `${name}:write`))
    : [];
  if (putsSecrets && secretWrites.length === 0) gatewaySecret.add('secretsmanager:PutSecretValue');
  return {
    table: sorted(table),
    queriesIndex: table.has('dynamodb:Query') && /\bIndexName:/.test(code),
    userPool: sorted(userPool),
    gatewaySecret: sorted(gatewaySecret),
    secrets: getsSecrets ? APP_SECRET_NAMES.filter((name) => namesSecret(code, name)) : [],
    secretWrites,
    invokes,
  };
}

/** The grants of a function, read from its deployed bundle (index.mjs and its source map). */
export function grantsOfBuiltBundle(bundle: LambdaBundle): CodeGrants {
  const code = readFileSync(bundle.file, 'utf8');
  const map = JSON.parse(readFileSync(`${bundle.file}.map`, 'utf8')) as Parameters<typeof ownCode>[1];
  return grantsOfBundle(ownCode(code, map), sdkCommandsOf(bundle.inputs));
}
