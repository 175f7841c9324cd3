import { describe, expect, it } from 'vitest';
import bn from './first-screen-bn';
import en from './first-screen-en';

/**
 * The first screen's parts (defineFirstScreenMessages) get their strings from src/first-screen-*.ts
 * only: each such part must be in both languages' chunk, with its own catalogue, and nothing else.
 */
type Catalogue = Record<string, string>;
const catalogues = import.meta.glob<Catalogue>('./**/i18n/{en,bn}.json', { eager: true, import: 'default' });
const messageModules = import.meta.glob<string>('./**/messages.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const parts = Object.entries(messageModules).flatMap(([file, source]) => {
  const name = /defineFirstScreenMessages<[^>]*>\('([^']+)'/.exec(source)?.[1];
  return name ? [{ name, dir: file.replace(/messages\.ts$/, 'i18n') }] : [];
});

describe('first-screen strings', () => {
  it.each([
    ['en', en],
    ['bn', bn],
  ] as Array<[string, Record<string, Catalogue>]>)(
    '%s: every first-screen part, with its catalogue',
    (locale, chunk) => {
      expect(parts.length).toBeGreaterThan(0);
      expect(Object.keys(chunk).sort()).toEqual(parts.map((p) => p.name).sort());
      for (const part of parts)
        expect(chunk[part.name], part.dir).toEqual(catalogues[`${part.dir}/${locale}.json`]);
    },
  );
});
