import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cataloguePairs, literalText, mailPairs, seedTexts, type Pair } from './bangla-text';

/**
 * Bangla without seams: the SPA, the server's refusals (the SPA's api catalogue) and the mails
 * call one thing by one Bangla name (test/bangla-glossary.json), and write numbers in Bangla
 * digits. The demo shop's Bangla content keeps no English words but names that stay Latin.
 */
interface Term {
  en: string;
  match: string;
  bn: string;
  not?: string[];
  only?: boolean;
}
const glossary = JSON.parse(readFileSync(new URL('./bangla-glossary.json', import.meta.url), 'utf8')) as {
  terms: Term[];
  otherSense: Record<string, string>;
};

const rawCatalogues = cataloguePairs();
const catalogues = rawCatalogues.map((p) => ({ ...p, bn: literalText(p.bn), en: literalText(p.en) }));
const mails = mailPairs();
const pairs: Pair[] = [...catalogues, ...mails];
const seed = seedTexts();

/**
 * Latin digits a Bangla text may keep, because they are typed or read as they are: web
 * addresses, the Cognito code placeholder, a sample promo code (codes are matched as typed) and
 * the name of the resellers' signature scheme. Everything a reader counts (amounts, steps,
 * hours, limits) is in Bangla digits.
 */
const KEEPS_LATIN_DIGITS = [/https?:\/\/\S+/g, /\{#+\}/g, /\bEID50\b/g, /\bHMAC-SHA256\b/g];
const latinDigits = (text: string) =>
  KEEPS_LATIN_DIGITS.reduce((t, pattern) => t.replace(pattern, ' '), text).match(/[0-9]+/g) ?? [];

/**
 * Latin words the demo content may keep: the payment services (their own apps and logos spell
 * them so: the SPA too), units and codes a buyer types or reads as they are (UC, USD, TrxID, UID).
 * Game and store names are written in Bangla script as the products' Bangla names are
 * (ফ্রি ফায়ার, পাবজি মোবাইল, গুগল প্লে); a label on another app's screen that the buyer must find
 * as it is stays Latin inside quotes ('Redeem code').
 */
const SEED_LATIN = /^(?:bKash|Nagad|Rocket|UddoktaPay|UC|USD|US|TrxID|UID)$/;
const latinWords = (text: string) =>
  (text.replace(/'[^']*'|‘[^’]*’|“[^”]*”|"[^"]*"/g, ' ').match(/[A-Za-z]+/g) ?? []).filter(
    (w) => !SEED_LATIN.test(w),
  );

describe('Bangla glossary', () => {
  it('gives each English term its own Bangla term', () => {
    const bn = glossary.terms.map((t) => t.bn);
    expect(new Set(bn).size).toBe(bn.length);
  });

  it('finds the texts it checks', () => {
    expect(catalogues.length).toBeGreaterThan(1000);
    expect(mails.length).toBeGreaterThan(100);
    expect(seed.length).toBeGreaterThan(30);
  });

  describe.each(glossary.terms)('$en', (term) => {
    const match = new RegExp(term.match, 'i');
    const checked = pairs.filter((p) => !glossary.otherSense[p.where]);

    it(`is ${term.bn} wherever the English says it`, () => {
      const wrong = checked
        .filter((p) => match.test(p.en) && !p.bn.includes(term.bn))
        .map((p) => `${p.where}: ${p.bn}`);
      expect(wrong).toEqual([]);
    });

    if (term.not)
      it(`is never ${term.not.join(' or ')}`, () => {
        const texts = [...pairs, ...seed.map((s) => ({ ...s, en: '' }))];
        const wrong = texts
          .filter((p) => term.not!.some((other) => p.bn.includes(other)))
          .map((p) => `${p.where}: ${p.bn}`);
        expect(wrong).toEqual([]);
      });

    if (term.only)
      it(`says ${term.bn} only for ${term.en}`, () => {
        const wrong = checked
          .filter((p) => p.bn.includes(term.bn) && !match.test(p.en))
          .map((p) => `${p.where}: ${p.en} → ${p.bn}`);
        expect(wrong).toEqual([]);
      });
  });
});

describe('a short English text', () => {
  // Labels, buttons, statuses and short refusals: the same English is the same Bangla wherever
  // it appears (a status in a table and in a badge, a refusal and the form's own check).
  it('has one Bangla translation in the catalogues', () => {
    const byEnglish = new Map<string, Map<string, string[]>>();
    for (const p of rawCatalogues) {
      const en = p.en.trim().toLowerCase();
      if (en.split(/\s+/).length > 4 || glossary.otherSense[p.where]) continue;
      const translations = byEnglish.get(en) ?? new Map<string, string[]>();
      translations.set(p.bn.trim(), [...(translations.get(p.bn.trim()) ?? []), p.where]);
      byEnglish.set(en, translations);
    }
    const differing = [...byEnglish]
      .filter(([, translations]) => translations.size > 1)
      .map(
        ([en, translations]) =>
          `${en} → ${[...translations].map(([bn, where]) => `${bn} (${where.join(', ')})`).join(' | ')}`,
      );
    expect(differing).toEqual([]);
  });
});

describe('Bangla digits', () => {
  it('in the catalogues and mails', () => {
    const wrong = pairs.filter((p) => latinDigits(p.bn).length > 0).map((p) => `${p.where}: ${p.bn}`);
    expect(wrong).toEqual([]);
  });

  it('in the demo content', () => {
    const wrong = seed.filter((s) => latinDigits(s.bn).length > 0).map((s) => `${s.where}: ${s.bn}`);
    expect(wrong).toEqual([]);
  });
});

describe('the demo content in Bangla', () => {
  it('keeps no English words', () => {
    const wrong = seed
      .filter((s) => latinWords(s.bn).length > 0)
      .map((s) => `${s.where}: ${latinWords(s.bn).join(' ')}`);
    expect(wrong).toEqual([]);
  });
});
