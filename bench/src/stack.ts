import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readDemoAdminTotp } from '../../local/src/admin-mfa';
import { DEMO_ADMIN, readStackFile, repoRoot, type StackEndpoints } from '../../local/src/stack';

/** What the benches need to know about the running shop. */
export interface BenchStack extends StackEndpoints {
  /** true when the bench started it (and may fill it with bench data freely). */
  owned: boolean;
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
      stop: async () => undefined,
    };
  }
  mkdirSync(join(repoRoot, 'bench', 'tmp'), { recursive: true });
  const dataDir = mkdtempSync(join(repoRoot, 'bench', 'tmp', 'stack-'));
  log(`starting the local stack (data in ${dataDir})`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'bench', 'src', 'stack-process.ts'), dataDir],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, DDB_LOCAL_TELEMETRY: '0', LOG_LEVEL: 'silent' },
    },
  );
  const info = await readyLine(child);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return { ...(info as Omit<BenchStack, 'owned' | 'stop'>), owned: true, stop };
}

function readyLine(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the stack did not start within 120 s')), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /^BENCH_STACK (.*)$/m.exec(buffer);
      if (m) {
        clearTimeout(timer);
        resolve(JSON.parse(m[1]!));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stack process exited with ${code}`));
    });
  });
}
