import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readDemoAdminTotp } from '../../local/src/admin-mfa';
import { DEMO_ADMIN, readStackFile, repoRoot, type StackEndpoints } from '../../local/src/stack';

/** What the benches need to know about the running shop. */
export interface BenchStack extends StackEndpoints {
  /** true when the bench started it (and may fill it with bench data freely). */
  owned: boolean;
  /** Its data dir: stack.json, the cursor secret and the local secret store (a second API server reads them). */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * BENCH_URL set: use that running stack (its endpoints from BENCH_DATA_DIR/stack.json, default
 * .data/ as `npm start` writes it). Otherwise start a fresh stack in a temp dir, in a child process.
 */
export async function benchStack(log: (line: string) => void): Promise<BenchStack> {
  const external = process.env.BENCH_URL;
  if (external) {
    const dataDir = process.env.BENCH_DATA_DIR ?? join(repoRoot, '.data');
    const file = readStackFile(dataDir);
    if (!file.dynamodbEndpoint || !file.cognitoUrl || !file.userPoolId || !file.clientId || !file.gatewayUrl)
      throw new Error('BENCH_URL needs the stack.json of that stack (set BENCH_DATA_DIR to its data dir)');
    return {
      url: external.replace(/\/+$/, ''),
      cognitoUrl: file.cognitoUrl,
      gatewayUrl: file.gatewayUrl,
      // Stacks started before the mail server have none; the benches read no mail.
      inboxUrl: file.inboxUrl ?? '',
      dynamodbEndpoint: file.dynamodbEndpoint,
      tableName: file.tableName ?? 'khelaghor',
      userPoolId: file.userPoolId,
      clientId: file.clientId,
      admin: {
        email: process.env.BENCH_ADMIN_EMAIL ?? DEMO_ADMIN.email,
        password: process.env.BENCH_ADMIN_PASSWORD ?? DEMO_ADMIN.password,
        // The demo admin signs in with an authenticator code (docs/admin-mfa.md).
        totpSecret: readDemoAdminTotp(dataDir)?.secret,
      },
      owned: false,
      dataDir,
      stop: async () => undefined,
    };
  }
  mkdirSync(join(repoRoot, 'bench', 'tmp'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, 'bench', 'tmp', 'stack-'));
  log(`starting the local stack (data in ${dataDir})`);
  const child = await benchProcess('stack-process.ts', [dataDir], 'BENCH_STACK').catch((error: Error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ...(child.info as StackEndpoints), owned: true, dataDir, stop };
}

/**
 * A bench helper (bench/src/<script>) in its own Node process, so the load generator never shares
 * an event loop with a server it measures. Ready when it prints `<prefix> {json}` (that JSON is
 * `info`); stop() sends SIGTERM, then SIGKILL after 10 s.
 */
export async function benchProcess(
  script: string,
  args: string[],
  prefix: string,
): Promise<{ info: unknown; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench', 'src', script), ...args],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, DDB_LOCAL_TELEMETRY: '0', LOG_LEVEL: 'silent' },
    },
  );
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      kill();
    }
    process.off('exit', kill);
  };
  try {
    return { info: await readyLine(child, prefix), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readyLine(child: ChildProcess, prefix: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${prefix}: not ready within 120 s`)), 120_000);
    const ready = new RegExp(`^${prefix} (.*)$`, 'm');
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = ready.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]!));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${prefix}: the process exited with ${code}`));
    });
  });
}
