import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (infra/src/ is two levels down). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where route-table rows and jobs point (`<area>/<use-case>` -> `<area>/<use-case>.ts`). */
export function defaultHandlersDir(root: string): string {
  return join(root, 'functions', 'src', 'handlers');
}

export function handlerEntry(handlersDir: string, handler: string): string {
  return join(handlersDir, `${handler}.ts`);
}

/** Rows whose handler module does not exist (yet): named all at once so the fix is one step. */
export function missingHandlers(handlersDir: string, handlers: string[]): string[] {
  return [...new Set(handlers)].filter((h) => !existsSync(handlerEntry(handlersDir, h)));
}
