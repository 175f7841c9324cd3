import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local stack's key for page cursors (CURSOR_SECRET): made once per data dir and kept there,
 * so cursors of open lists survive a restart and `npm run reset` makes a new one.
 */
export function localCursorSecret(dataDir: string): string {
  const file = join(dataDir, 'cursor-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
