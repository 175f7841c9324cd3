import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { totpCode } from './admin-mfa';
import { assertJava } from './dynamodb';
import { portIsFree } from './net';
import { repoRoot, startStack, type Stack, type StackPorts } from './stack';

// Node 24 here (scripts/node24.mjs); run on an older Node the SDK's notice about its Node 22 floor is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * `npm start` (and `npm run dev` = `--dev`): the whole shop on one URL, data kept in .data/.
 * Ports come from PORT, DYNAMODB_PORT, COGNITO_PORT, GATEWAY_PORT, COGNITO_TRIGGER_PORT, SMTP_PORT
 * MAIL_INBOX_PORT, CALLBACK_RECEIVER_PORT, UNIPIN_PORT, MOOGOLD_PORT and SHOP_PHONE_PORT.
 */
const dev = process.argv.includes('--dev');
const dataDir = join(repoRoot, '.data');

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    fail(`${name}=${raw} is not a port number (1-65535).`);
  return port;
}

const ports: StackPorts = {
  web: envPort('PORT', 3000),
  dynamodb: envPort('DYNAMODB_PORT', 8000),
  cognito: envPort('COGNITO_PORT', 9229),
  gateway: envPort('GATEWAY_PORT', 3100),
  trigger: envPort('COGNITO_TRIGGER_PORT', 9230),
  smtp: envPort('SMTP_PORT', 2525),
  inbox: envPort('MAIL_INBOX_PORT', 3200),
  sms: envPort('SMS_SINK_PORT', 3600),
  callbacks: envPort('CALLBACK_RECEIVER_PORT', 3300),
  moogold: envPort('MOOGOLD_PORT', 3500),
  unipin: envPort('UNIPIN_PORT', 3400),
  shopPhone: envPort('SHOP_PHONE_PORT', 3700),
};
const portEnv: Record<keyof StackPorts, string> = {
  web: 'PORT',
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  gateway: 'GATEWAY_PORT',
  trigger: 'COGNITO_TRIGGER_PORT',
  smtp: 'SMTP_PORT',
  inbox: 'MAIL_INBOX_PORT',
  sms: 'SMS_SINK_PORT',
  callbacks: 'CALLBACK_RECEIVER_PORT',
  moogold: 'MOOGOLD_PORT',
  unipin: 'UNIPIN_PORT',
  shopPhone: 'SHOP_PHONE_PORT',
};

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Build the SPA when web/dist is missing or older than its sources; a failed build is a warning. */
function buildWebIfStale(): void {
  const web = join(repoRoot, 'web');
  const builtIndex = join(web, 'dist', 'index.html');
  const sources = Math.max(newestMtime(web), newestMtime(join(repoRoot, 'contract', 'src')));
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sources) return;
  if (!existsSync(join(web, 'index.html'))) {
    console.warn('warning: web/ has no app to build yet; serving the API only.');
    return;
  }
  console.log('Building the web app (npm run build -w web)...');
  const res = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, encoding: 'utf8' });
  if (res.status !== 0) {
    // eslint-disable-next-line no-control-regex
    const plain = `${res.stdout}\n${res.stderr}`.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    const firstError = Math.max(
      0,
      plain.findIndex((l) => /error/i.test(l)),
    );
    console.warn(plain.slice(firstError, firstError + 12).join('\n'));
    console.warn(
      'warning: the web app did not build (see above); serving the API (and any older build) anyway.',
    );
  }
}

async function main(): Promise<void> {
  try {
    assertJava();
  } catch (error) {
    fail((error as Error).message);
  }
  for (const [name, port] of Object.entries(ports) as Array<[keyof StackPorts, number]>) {
    if (!(await portIsFree(port))) {
      fail(
        `Port ${port} (${name}) is already in use: stop whatever uses it (another npm start?) or pick another with ${portEnv[name]}=<port> npm start.`,
      );
    }
  }
  if (!dev) buildWebIfStale();

  // A signal while starting: exit at once; the stack's exit hook kills java and cognito-local.
  const abortStart = () => {
    console.log('\nStopped while starting.');
    process.exit(130);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, abortStart);

  const started = Date.now();
  let stack: Stack;
  try {
    stack = await startStack({ dataDir, ports, dev });
  } catch (error) {
    fail(`The local stack did not start: ${(error as Error).message}`);
  }

  let stoppingSince = 0;
  const shutdown = (signal: string) => {
    // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): only a second
    // signal a moment later means "stop waiting" (the exit hook still kills every child).
    if (stoppingSince) {
      if (Date.now() - stoppingSince < 1500) return;
      console.log('Forced exit.');
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`\n${signal}: stopping...`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.off(signal, abortStart);
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));

  console.log(
    [
      '',
      `  Khelaghor is running${dev ? ' (dev, hot reload)' : ''}: ${stack.url}`,
      '',
      `  Demo admin   ${stack.admin.email} / ${stack.admin.password}`,
      stack.admin.totpSecret
        ? `               then the authenticator code: npm run admin:code (now ${totpCode(stack.admin.totpSecret)}; setup key ${stack.admin.totpSecret})`
        : `               no authenticator app, so no admin pages: ${stack.adminMfaProblem ?? 'not seeded'}`,
      ...(stack.reseller
        ? [
            `  Reseller     ${stack.reseller.email} / ${stack.reseller.password}   API key (docs/reseller-api.md):`,
            `               export KG_URL=${stack.url} KG_KEY_ID=${stack.reseller.keyId} KG_SECRET=${stack.reseller.secret}`,
          ]
        : []),
      `  API          ${stack.apiUrl}   (OpenAPI: ${stack.apiUrl}/openapi.json)`,
      `  Cognito      ${stack.cognitoUrl}   pool ${stack.userPoolId}, client ${stack.clientId}`,
      `  DynamoDB     ${stack.dynamodbEndpoint}   table ${stack.tableName}`,
      `  Gateway      ${stack.gatewayUrl}   (UddoktaPay sandbox)`,
      `  MooGold      ${stack.moogold.url}   (supplier sandbox, partner ${stack.moogold.partnerId}; counters and faults: /_sandbox/state, docs/suppliers.md)`,
      `  UniPin       ${stack.unipin.url}   (supplier sandbox, partner ${stack.unipin.partnerId}; faults: docs/suppliers.md)`,
      `  Mail inbox   ${stack.inboxUrl}   (SMTP 127.0.0.1:${stack.ports.smtp}: every message the shop sends)`,
      `  SMS          ${stack.smsUrl}   (every SMS the shop sends: phone codes, orders, payments, refunds, top-ups)`,
      `  Callback receiver ${stack.callbackReceiver.url}   (the demo reseller's callbacks, signatures checked)`,
      `  Shop phone   ${stack.shopPhone.url}   (sends a receiving phone's payment SMS to the shop, signed: docs/sms-forwarder.md)`,
      `  Data         .data/   (npm run reset wipes it)   started in ${((Date.now() - started) / 1000).toFixed(1)}s`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

void main();
