import { jobs, streamConsumers, type StreamConsumer } from '@khelaghor/contract';
import type { Context } from 'aws-lambda';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasAdminRole, writeAdminRole } from '../../functions/src/db/users/admin-role';
import { createDb } from '../../functions/src/db/client';
import { readNotifySettings, writeNotifySettings } from '../../functions/src/db/notify/notify-settings';
import { ensureProfile } from '../../functions/src/db/users/profiles';
import { loadHandler } from '../../functions/src/handlers/load';
import { ensureDemoAdminTotp } from './admin-mfa';
import { startApiServer, type ApiServer } from './api-server';
import { ADMIN_GROUP, ensureUser, ensureUserPool, startCognito, type RunningCognito } from './cognito';
import { startTriggerServer, type TriggerServer } from './cognito-trigger';
import { ensureTable, startDynamoDb, type RunningDynamoDb } from './dynamodb';
import { handlerEnv, LOCAL_MAIL_FROM } from './handler-env';
import { startMailServer, type MailServer } from './mail-server';
import { startSmsSink, type SmsSink } from './sms-sink';
import { startCallbackReceiver, type CallbackReceiver } from './callback-receiver';
import { freePort } from './net';
import { startSandboxGateway, type SandboxGateway } from './sandbox-gateway';
import { startMoogoldSandbox, type MoogoldSandbox } from './sandbox-moogold/server';
import { startUnipinSandbox, type UnipinSandbox } from './sandbox-unipin/server';
import { seedCatalog } from './seed-catalog';
import { seedDemoReseller } from './seed-reseller';
import { seedPages } from './seed-pages';
import { startShopPhone, type ShopPhone, type ShopPhoneKey } from './sandbox-shop-phone/server';
import { seedSmsDevices } from './seed-sms-devices';
import { startStreamPoller, type StreamHandler } from './stream-poller';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLE_NAME = 'khelaghor';
export const DEMO_ADMIN = {
  email: 'admin@khelaghor.local',
  password: 'Admin@12345',
  name: 'Khelaghor Admin',
} as const;
/** Where the demo shop's alerts go (the local inbox shows them). */
const DEMO_ALERTS = 'alerts@khelaghor.local';
/** The sandbox gateway's key (local only, never a secret). */
export const SANDBOX_API_KEY = 'sandbox-api-key';

export interface StackPorts {
  web: number;
  dynamodb: number;
  cognito: number;
  gateway: number;
  trigger: number;
  /** The mail server's SMTP port (Cognito's codes and the notifier's mail go there). */
  smtp: number;
  /** Its web inbox. */
  inbox: number;
  /** The SMS sink: SSL Wireless's SMS API as the handlers call it, and its page of every SMS. */
  sms: number;
  /** The callback receiver: a reseller's server that shows the shop's signed callbacks. */
  callbacks: number;
  /** The MooGold supplier sandbox (docs/suppliers.md). */
  moogold: number;
  /** The UniPin sandbox (docs/suppliers.md). */
  unipin: number;
  /** The shop phone page: a receiving phone sending its SMS to the intake (docs/sms-forwarder.md). */
  shopPhone: number;
}

export interface StackOptions {
  /** Everything the stack keeps (DynamoDB files, cognito-local's .cognito/, stack.json, logs). */
  dataDir: string;
  /** Fixed ports; a missing one is taken free from the OS. */
  ports?: Partial<StackPorts>;
  /** Vite dev server with hot reload instead of web/dist. */
  dev?: boolean;
  /** No banner and no request log. */
  quiet?: boolean;
  /** Use this DynamoDB (e.g. the integration run's) instead of starting one. */
  dynamodbEndpoint?: string;
  /** Keep the table in memory, not in dataDir (a run whose data is thrown away: no disk syncs). */
  dynamodbInMemory?: boolean;
  /** Table name (default 'khelaghor'). */
  tableName?: string;
  /** Seed the catalogue and the demo admin (default true). */
  seed?: boolean;
  /** Run the scheduled jobs (reservation sweeper, admin jobs) every minute (default true). */
  sweeper?: boolean;
  /**
   * Browser tests: a job's schedule runs this many times faster (default 1), so a page that waits
   * for the minute's sweep (a supplier's answer asked again) shows it in seconds.
   */
  scheduleSpeedup?: number;
  /** Feed the table's change stream to the notifier, as Lambda does on AWS (default true). */
  notifier?: boolean;
  /** Keep the public reads at the edge for their `edgeCacheSeconds`, as CloudFront does (default true). */
  edgeCache?: boolean;
}

/** Where a running stack's parts are, and its demo admin (what e2e tests and benches are told). */
export interface StackEndpoints {
  /** The shop: SPA, /config.json and /api on one origin, e.g. http://localhost:41234 */
  url: string;
  cognitoUrl: string;
  gatewayUrl: string;
  /** The local mail inbox: every message the shop sent (JSON: GET <inboxUrl>/api/messages?to=<email>). */
  inboxUrl: string;
  dynamodbEndpoint: string;
  tableName: string;
  userPoolId: string;
  clientId: string;
  /**
   * The demo admin. totpSecret: its authenticator app's secret (the local API wants admins to have
   * one, like AWS); absent when the stack was not seeded or the enrolment failed (see adminMfaProblem).
   */
  admin: { email: string; password: string; totpSecret?: string };
}

export interface Stack extends StackEndpoints {
  apiUrl: string;
  /** The SMS sink's page: every SMS the shop sent (JSON: GET <smsUrl>/api/messages?to=01XXXXXXXXX). */
  smsUrl: string;
  /** smtp://127.0.0.1:<port>: the handlers' SMTP_URL and cognito-local's mail. */
  smtpUrl: string;
  /** The mail server in this process (messages, waitFor, failNext). */
  mail: MailServer;
  /** The SMS sink in this process (messages, waitFor, failNext). */
  sms: SmsSink;
  /** The callback receiver in this process (calls, waitFor, failNext); its page at callbackReceiver.url. */
  callbackReceiver: CallbackReceiver;
  /** Why the demo admin has no authenticator secret this run (printed by npm start). */
  adminMfaProblem?: string;
  /** The demo reseller and its API key (docs/reseller-api.md); absent when not seeded. */
  reseller?: { email: string; password: string; keyId: string; secret: string };
  /** The MooGold sandbox: url, partner id and secret, counters and fault switches (not wired to orders yet). */
  moogold: MoogoldSandbox;
  /** The UniPin sandbox: url, partner id and secret, its fault switches (not wired to orders yet). */
  unipin: UnipinSandbox;
  /** The shop phone: its page at shopPhone.url, POST <url>/send for tests (one phone per seeded receiving wallet). */
  shopPhone: ShopPhone;
  ports: StackPorts;
  stop(): Promise<void>;
}

/** What <dataDir>/stack.json keeps between runs (ids) and tells other scripts (endpoints). */
export interface StackFile {
  userPoolId?: string;
  clientId?: string;
  tableName?: string;
  dynamodbEndpoint?: string;
  cognitoUrl?: string;
  url?: string;
  gatewayUrl?: string;
  inboxUrl?: string;
  smsUrl?: string;
  pid?: number;
}

export function readStackFile(dataDir: string): StackFile {
  const file = join(dataDir, 'stack.json');
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StackFile;
  } catch {
    return {};
  }
}

/**
 * The whole shop on one machine: DynamoDB Local, cognito-local (+ its trigger server), the mail
 * server (SMTP + web inbox),
 * sandbox gateway and the API server (handlers + SPA). Used by `npm start`, e2e tests and benches.
 */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const say = (line: string) => !opts.quiet && console.log(line);
  // Free ports, never the same one twice (the OS may hand a just-closed port out again).
  const taken = new Set(Object.values(opts.ports ?? {}));
  const pick = async (fixed: number | undefined) => {
    if (fixed !== undefined) return fixed;
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const ports: StackPorts = {
    web: await pick(opts.ports?.web),
    dynamodb: await pick(opts.ports?.dynamodb),
    cognito: await pick(opts.ports?.cognito),
    gateway: await pick(opts.ports?.gateway),
    trigger: await pick(opts.ports?.trigger),
    smtp: await pick(opts.ports?.smtp),
    inbox: await pick(opts.ports?.inbox),
    sms: await pick(opts.ports?.sms),
    callbacks: await pick(opts.ports?.callbacks),
    moogold: await pick(opts.ports?.moogold),
    unipin: await pick(opts.ports?.unipin),
    shopPhone: await pick(opts.ports?.shopPhone),
  };
  const tableName = opts.tableName ?? TABLE_NAME;
  const saved = readStackFile(dataDir);

  const stoppers: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop().catch(() => undefined);
  };
  // A crash of this process must not leave java or cognito-local behind.
  const children: Array<{ kill(signal: NodeJS.Signals): boolean; exitCode: number | null }> = [];
  const killChildren = () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
  process.once('exit', killChildren);
  stoppers.push(async () => void process.off('exit', killChildren));

  try {
    const mail: MailServer = await startMailServer({
      smtpPort: ports.smtp,
      webPort: ports.inbox,
      dataDir: join(dataDir, 'mail'),
    });
    stoppers.push(mail.stop);
    const sms = await startSmsSink({ port: ports.sms, dataDir: join(dataDir, 'sms') });
    stoppers.push(sms.stop);
    const callbackReceiver = await startCallbackReceiver({
      port: ports.callbacks,
      dataDir: join(dataDir, 'callbacks'),
    });
    stoppers.push(callbackReceiver.stop);
    const trigger: TriggerServer = await startTriggerServer({ port: ports.trigger });
    stoppers.push(trigger.stop);

    const [ddb, cognito] = await Promise.all([
      opts.dynamodbEndpoint
        ? Promise.resolve(undefined)
        : startDynamoDb({
            port: ports.dynamodb,
            localPort: await pick(undefined),
            ...(!opts.dynamodbInMemory && { dataDir: join(dataDir, 'dynamodb') }),
            onSpawn: (child) => children.push(child),
          }).then((d: RunningDynamoDb) => {
            stoppers.push(d.stop);
            return d;
          }),
      startCognito({
        dataDir: join(dataDir, 'cognito'),
        port: ports.cognito,
        triggerUrl: trigger.url,
        smtpUrl: mail.smtpUrl,
        mailFrom: LOCAL_MAIL_FROM,
        logFile: join(dataDir, 'logs', 'cognito.log'),
        onSpawn: (child) => children.push(child),
      }).then((c: RunningCognito) => {
        stoppers.push(c.stop);
        return c;
      }),
    ]);
    const dynamodbEndpoint = opts.dynamodbEndpoint ?? ddb!.endpoint;
    await ensureTable(dynamodbEndpoint, tableName, { stream: opts.notifier !== false });
    const pool = await ensureUserPool(cognito.url, saved);

    const gateway: SandboxGateway = await startSandboxGateway({
      port: ports.gateway,
      apiKey: SANDBOX_API_KEY,
    });
    stoppers.push(gateway.stop);
    const moogold = await startMoogoldSandbox({ port: ports.moogold });
    stoppers.push(moogold.stop);
    const unipin = await startUnipinSandbox({ port: ports.unipin });
    stoppers.push(unipin.stop);

    const url = `http://localhost:${ports.web}`;
    const api: ApiServer = await startApiServer({
      port: ports.web,
      env: handlerEnv({
        dataDir,
        tableName,
        dynamodbEndpoint,
        userPoolId: pool.userPoolId,
        cognitoUrl: cognito.url,
        url,
        gatewayUrl: gateway.url,
        gatewayApiKey: gateway.apiKey,
        smtpUrl: mail.smtpUrl,
        sms: { url: sms.url, secret: sms.secret },
        suppliers: {
          unipin: { url: unipin.url, partnerId: unipin.partnerId, secret: unipin.secret },
          moogold: { url: moogold.url, partnerId: moogold.partnerId, secret: moogold.secret },
        },
        quiet: opts.quiet,
      }),
      cognito: { url: cognito.url, ...pool },
      webDist: join(repoRoot, 'web', 'dist'),
      edgeCache: opts.edgeCache,
      ...(opts.dev && { dev: { webRoot: join(repoRoot, 'web') } }),
      ...(!opts.quiet && opts.dev && { log: (line: string) => console.log(`[api] ${line}`) }),
    });
    stoppers.push(api.stop);

    writeFileSync(
      join(dataDir, 'stack.json'),
      JSON.stringify(
        {
          ...pool,
          tableName,
          dynamodbEndpoint,
          cognitoUrl: cognito.url,
          url,
          gatewayUrl: gateway.url,
          inboxUrl: mail.inboxUrl,
          smsUrl: sms.url,
          pid: process.pid,
        } satisfies StackFile,
        null,
        2,
      ),
    );

    let totpSecret: string | undefined;
    let adminMfaProblem: string | undefined;
    let reseller: Stack['reseller'];
    let phones: ShopPhoneKey[] = [];
    if (opts.seed !== false) {
      const db = createDb({ table: tableName, endpoint: dynamodbEndpoint });
      const { seeded } = await seedCatalog(db);
      if (seeded) say('Seeded the demo catalogue.');
      await seedPages(db);
      // The shop's alerts land in the local inbox too (an admin's own choice is never overwritten).
      if ((await readNotifySettings(db)).updated_at === null)
        await writeNotifySettings(db, { alert_emails: [DEMO_ALERTS], low_stock_level: 5 }, new Date());
      const admin = await ensureUser(cognito.url, pool.userPoolId, { ...DEMO_ADMIN, groups: [ADMIN_GROUP] });
      await ensureProfile(
        db,
        { userId: admin.sub, email: DEMO_ADMIN.email, groups: [ADMIN_GROUP], isAdmin: true },
        async () => ({ email: DEMO_ADMIN.email, fullName: DEMO_ADMIN.name }),
      );
      // The group (above) and the role record: admin routes want both.
      if (!(await hasAdminRole(db, admin.sub))) {
        await writeAdminRole(
          db,
          admin.sub,
          { isAdmin: true, by: 'seed', now: new Date() },
          { profile: 'if-exists' },
        );
      }
      reseller = await seedDemoReseller(
        db,
        cognito.url,
        pool.userPoolId,
        `${callbackReceiver.url}/demo-reseller/callbacks`,
      );
      phones = await seedSmsDevices(db);
      db.doc.destroy();
      try {
        totpSecret = await ensureDemoAdminTotp({
          endpoint: cognito.url,
          ...pool,
          dataDir,
          admin: DEMO_ADMIN,
        });
      } catch (error) {
        adminMfaProblem = (error as Error).message;
      }
    }

    const shopPhone = await startShopPhone({ port: ports.shopPhone, shopUrl: url, phones, dataDir });
    stoppers.push(shopPhone.stop);

    if (opts.sweeper !== false) stoppers.push(startSweeper(say, opts.scheduleSpeedup ?? 1));
    // One poller per consumer, as AWS gives each its own event source mapping.
    const consumers: Array<[string, StreamConsumer]> = Object.entries(streamConsumers);
    for (const [name, consumer] of opts.notifier !== false ? consumers : []) {
      const poller = await startStreamPoller({
        endpoint: dynamodbEndpoint,
        tableName,
        keyPrefixes: consumer.keyPrefixes,
        eventNames: consumer.eventNames,
        batchSize: consumer.batchSize,
        handler: (await loadHandler(consumer.handler)) as unknown as StreamHandler,
        onGiveUp: (records, error) =>
          console.error(`[${name}] gave up on ${records.length} change(s) after its retries: ${error}`),
      });
      stoppers.push(poller.stop);
    }

    return {
      url,
      apiUrl: `${url}/api`,
      cognitoUrl: cognito.url,
      gatewayUrl: gateway.url,
      inboxUrl: mail.inboxUrl,
      smsUrl: sms.url,
      smtpUrl: mail.smtpUrl,
      mail,
      sms,
      callbackReceiver,
      dynamodbEndpoint,
      tableName,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, ...(totpSecret && { totpSecret }) },
      ...(adminMfaProblem && { adminMfaProblem }),
      ...(reseller && { reseller }),
      moogold,
      unipin,
      shopPhone,
      ports,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    killChildren(); // a child still starting when another part failed
    throw error;
  }
}

/**
 * The scheduled jobs of contract/src/jobs.ts on a timer (EventBridge Scheduler on AWS). A job whose
 * module is not written yet is skipped quietly; a run never overlaps the previous one of its job.
 */
function startSweeper(say: (line: string) => void, speedup: number): () => Promise<void> {
  const stoppers = Object.entries(jobs).map(([name, job]) => startJob(name, job, say, speedup));
  return async () => {
    await Promise.all(stoppers.map((stop) => stop()));
  };
}

function startJob(
  name: string,
  job: { handler: string; everyMinutes: number },
  say: (line: string) => void,
  speedup: number,
): () => Promise<void> {
  const file = join(repoRoot, 'functions', 'src', 'handlers', `${job.handler}.ts`);
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running || !existsSync(file)) return;
    running = (async () => {
      try {
        const handler = (await loadHandler(job.handler)) as unknown as (
          event: unknown,
          context: Context,
        ) => Promise<unknown>;
        const now = new Date().toISOString();
        await handler(
          {
            version: '0',
            id: `local-${Date.now()}`,
            source: 'aws.scheduler',
            'detail-type': 'Scheduled Event',
            time: now,
            detail: {},
          },
          { awsRequestId: `${name}-${Date.now()}`, functionName: `khelaghor-${name}` } as Context,
        );
      } catch (error) {
        say(`[${name}] failed: ${(error as Error).message}`);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, (job.everyMinutes * 60_000) / speedup);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
