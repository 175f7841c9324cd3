import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Every part's strings exist in both languages: the same keys, nothing empty, the same
 * placeholders and tags, and the Bangla really Bangla (a Latin word in it must be a name the
 * shop writes the same way in both languages).
 */
type Catalogue = Record<string, string>;
const catalogues = import.meta.glob<Catalogue>('../../**/i18n/{en,bn}.json', {
  eager: true,
  import: 'default',
});
const messageModules = import.meta.glob<string>('../../**/messages.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const dirs = [...new Set(Object.keys(catalogues).map((file) => file.replace(/\/(?:en|bn)\.json$/, '')))];
const read = (dir: string, locale: string): Catalogue => catalogues[`${dir}/${locale}.json`] ?? {};

/** Placeholders ({amount}), plural/select arguments and numbered tags (<0>…</0>) of a message. */
function slots(message: string): string[] {
  const found = new Set<string>();
  // Compiled: a string, or a list of strings and [name, format?, options?] arguments whose options
  // (plural and select branches) are messages again.
  const walk = (message: unknown) => {
    for (const part of typeof message === 'string' ? [message] : (message as unknown[])) {
      if (typeof part === 'string') {
        for (const tag of part.matchAll(/<\/?(\d+)\/?>/g)) found.add(`<${tag[1]}>`);
      } else if (Array.isArray(part)) {
        found.add(`{${String(part[0])}}`);
        // Plural options carry an `offset` key (undefined when none): only the branches are messages.
        if (part[2] && typeof part[2] === 'object')
          Object.entries(part[2] as object).forEach(([key, branch]) => key !== 'offset' && walk(branch));
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...found].sort();
}

/** The words of a compiled message: placeholders, plural/select syntax and tags left out, branches kept. */
function literalText(message: unknown): string {
  if (typeof message === 'string') return message.replace(/<\/?\d+\/?>/g, ' ');
  return (message as unknown[])
    .map((part) =>
      typeof part === 'string'
        ? literalText(part)
        : Array.isArray(part) && part[2] && typeof part[2] === 'object'
          ? Object.entries(part[2] as object)
              .filter(([key]) => key !== 'offset')
              .map(([, branch]) => literalText(branch))
              .join(' ')
          : ' ',
    )
    .join(' ');
}

/** Written the same in Bangla copy: brands, payment services, units and technical words. */
const SAME_IN_BOTH =
  /^(?:Khelaghor|bKash|Nagad|Rocket|UddoktaPay|UniPin|MooGold|OpenAPI|WhatsApp|Facebook|Telegram|YouTube|Google|Play|Steam|iTunes|Netflix|Free|Fire|PUBG|UC|UID|ID|TrxID|OTP|PIN|API|HMAC|URL|IP|CSV|SEO|PDF|PWA|Email|SMTP|SES|MFA|TOTP|BDT|AM|PM|OK|Zone|Server|[A-Z]{2,})$/;

describe('message catalogues', () => {
  it('exist', () => {
    expect(dirs.length).toBeGreaterThan(0);
  });

  describe.each(dirs)('%s', (dir) => {
    const en = read(dir, 'en');
    const bn = read(dir, 'bn');

    it('has the same keys in Bangla and English', () => {
      expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    });

    it.each(Object.keys(en))('%s: translated, with the same placeholders', (key) => {
      expect(en[key]?.trim(), 'English text').toBeTruthy();
      expect(bn[key]?.trim(), 'Bangla text').toBeTruthy();
      expect(slots(bn[key]!), 'placeholders').toEqual(slots(en[key]!));
      const latin = (literalText(compileMessageOrThrow(bn[key]!)).match(/[A-Za-z]+/g) ?? []).filter(
        (word) => !SAME_IN_BOTH.test(word),
      );
      expect(latin, 'English words left in the Bangla').toEqual([]);
    });
  });
});

describe('namespaces', () => {
  const defined = dirs.map((dir) => {
    const source = messageModules[dir.replace(/\/i18n$/, '/messages.ts')] ?? '';
    return /define(?:FirstScreen)?Messages(?:<[^>]*>)?\('([^']+)'/.exec(source)?.[1];
  });

  it('are each defined once', () => {
    expect(defined).not.toContain(undefined);
    expect(new Set(defined).size).toBe(defined.length);
  });
});
