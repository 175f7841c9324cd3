import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGuards } from './find-guards';
import { GUARDED_FILES, NOT_MONEY } from './guard-map';

const ROOT = resolve(import.meta.dirname, '../..');
const DB = join(ROOT, 'functions/src/db');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.includes('.test.')
        ? [relative(ROOT, join(dir, e.name))]
        : [],
  );
}

// `npm run test:guards` mutates only the files its map names: a new file with a condition would be
// skipped without a word. Each file of functions/src/db that holds a guard is either mapped to the
// tests that prove its guards, or listed as guarding no money, code, use or status, with why.
describe('the guard check covers every guard of functions/src/db', () => {
  const guarded = sources(DB).filter((f) => findGuards(f, readFileSync(join(ROOT, f), 'utf8')).length);

  it('maps or excuses every file with a guard', () => {
    const unaccounted = guarded.filter((f) => !(f in GUARDED_FILES) && !(f in NOT_MONEY));
    expect(unaccounted, 'add them to GUARDED_FILES (with their tests) or NOT_MONEY (with why)').toEqual([]);
  });

  it('names only files that exist and hold a guard, each once', () => {
    const named = [...Object.keys(GUARDED_FILES), ...Object.keys(NOT_MONEY)];
    expect(named.filter((f) => !guarded.includes(f))).toEqual([]);
    expect(Object.keys(GUARDED_FILES).filter((f) => f in NOT_MONEY)).toEqual([]);
  });

  it('maps each guarded file to integration tests that exist', () => {
    const missing = Object.values(GUARDED_FILES)
      .flat()
      .filter((t) => !existsSync(join(ROOT, t)));
    expect(missing).toEqual([]);
  });
});
