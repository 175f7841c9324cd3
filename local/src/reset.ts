import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { portIsFree } from './net';
import { readStackFile, repoRoot } from './stack';

/** `npm run reset`: wipe the local stack's data (.data/). Refuses while the stack is running. */
const dataDir = join(repoRoot, '.data');
const saved = readStackFile(dataDir);
const running = saved.pid !== undefined && isAlive(saved.pid) && saved.pid !== process.pid;
const port = Number(new URL(saved.url ?? 'http://localhost:0').port);
if (running && port > 0 && !(await portIsFree(port))) {
  console.error(
    `The local stack is running (pid ${saved.pid}): stop it with Ctrl-C first, then run npm run reset.`,
  );
  process.exit(1);
}
if (existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log('Wiped .data/: the next npm start seeds a fresh shop.');
} else {
  console.log('Nothing to wipe: .data/ does not exist.');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
