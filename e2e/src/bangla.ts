/// <reference lib="dom" />
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callRoute } from './api';
import type { StackInfo } from './stack-info';

/** Bengali script (letters, signs and digits). */
export const BENGALI = /[\u0980-\u09FF]/;

/**
 * Latin words the Bangla UI keeps as they are: the catalogue test's SAME_IN_BOTH (brands, technical
 * names, abbreviations), plus the gateway's name.
 */
const SAME_IN_BOTH =
  /^(?:Khelaghor|bKash|Nagad|Rocket|UddoktaPay|OpenAPI|WhatsApp|Facebook|Telegram|YouTube|Google|Play|Steam|iTunes|Netflix|Free|Fire|PUBG|UC|UID|ID|TrxID|OTP|PIN|API|URL|SEO|PDF|BDT|AM|PM|OK|[A-Z]{2,})$/;

type Leaf = string | number | boolean | null | undefined | Leaf[] | { [key: string]: Leaf };

const strings = (value: Leaf): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

/**
 * The shop's data as a Bangla page shows it (not UI text, so not in a catalogue): what the admin
 * wrote without a Bangla field (SEO titles, settings, receiving accounts, categories), and the
 * Bangla content of slides, the announcement, products and pages (which keeps brand names and
 * other apps' menus).
 */
export async function shopData(stack: Pick<StackInfo, 'url'>): Promise<string[]> {
  const site = (await callRoute(stack, 'getSite')).body!;
  const catalog = (await callRoute(stack, 'getCatalog')).body!;
  const data = strings([site.seo, site.settings, site.receiving_accounts] as Leaf);
  for (const slide of site.slides)
    data.push(slide.title_bn || slide.title, slide.subtitle_bn || slide.subtitle || '');
  const popup = site.announcement;
  if (popup) data.push(popup.title_bn || popup.title, popup.message_bn || popup.message);
  for (const p of catalog.products) {
    data.push(p.category ?? '', p.name_bn || p.name, p.description_bn || p.description || '');
    data.push(...(p.redeem_steps_bn.length ? p.redeem_steps_bn : p.redeem_steps));
    data.push(...p.uid_help_bn, p.uid_message_bn ?? '');
    for (const v of p.variants) data.push(v.name_bn || v.name, v.description_bn || v.description || '');
  }
  for (const slug of ['terms', 'privacy', 'refund', 'faq'] as const) {
    const { page } = (await callRoute(stack, 'getPage', { params: { slug } })).body!;
    data.push(page.title_bn || page.title);
    // Body lines without their markup ('## ' headings, '- ' list items).
    for (const line of (page.body_bn || page.body).split('\n'))
      data.push(line.replace(/^\s*(?:#+|-|\*|\d+\.)\s+/, '').trim());
    data.push(...strings((page.faq_bn.length ? page.faq_bn : page.faq) as Leaf));
  }
  return [...new Set(data.map((s) => s.trim()).filter((s) => s.length > 1))].sort(
    (a, b) => b.length - a.length,
  );
}

/**
 * The page's visible UI text: its title, text nodes of visible elements, and the placeholders,
 * aria-labels and titles a buyer or their screen reader meets. Parts marked in another language (the language
 * switch, written in the language it switches to) are left out.
 */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The tab's title too: a buyer sees it in the tab and in their history.
    const out: string[] = [document.title];
    const foreign = (el: Element) => {
      const lang = el.closest('body [lang]')?.getAttribute('lang') ?? 'bn';
      return !lang.startsWith('bn');
    };
    const shown = (el: Element) => el.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName)) continue;
      if (shown(el) && !foreign(el)) out.push(text);
    }
    for (const el of Array.from(
      document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'),
    )) {
      if (!shown(el) || foreign(el)) continue;
      for (const attr of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** A data string where it stands as whole words ('bkash' is no part of another word). */
const wholeWords = (text: string) =>
  new RegExp(`(?<![A-Za-z])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`, 'g');

/**
 * The Latin words of 3+ letters left in the texts once the shop's data (whole strings), emails,
 * URLs, codes and ids (tokens with digits), masked codes and the same-in-both words are dropped.
 */
export function englishLeft(texts: string[], data: readonly string[]): string[] {
  const left: string[] = [];
  for (const text of texts) {
    let rest = text;
    for (const d of data) if (rest.includes(d)) rest = rest.replace(wholeWords(d), ' ');
    for (const token of rest.split(/\s+/)) {
      // Emails, codes and ids (digits), masked codes, URLs and paths, key shortcuts ('alt+T').
      if (/[@\d*+]|:\/\/|^www\.|^\//.test(token)) continue;
      const words = (token.match(/[A-Za-z]+/g) ?? []).filter((w) => w.length >= 3 && !SAME_IN_BOTH.test(w));
      if (words.length) left.push(`${words.join(' ')} (in "${text.slice(0, 80)}")`);
    }
  }
  return [...new Set(left)];
}

/**
 * The page is in Bangla: <html lang="bn">, Bengali script in its main text, and no English UI text
 * left (soft: every route's offenders are listed in one run). Returns how many texts were read and
 * the offenders.
 */
export async function expectBanglaPage(
  page: Page,
  what: string,
  data: readonly string[],
): Promise<{ texts: number; offenders: string[] }> {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
  await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => undefined);
  const main = page.locator('main').first();
  await expect.poll(() => main.innerText(), { timeout: 10_000 }).toMatch(BENGALI);
  // No spinner or skeleton still standing in for the page's text.
  await expect
    .poll(() => page.locator('main .animate-pulse, main .animate-spin').count(), { timeout: 10_000 })
    .toBe(0);
  // Folded help (redeem steps, FAQ answers) is UI text too: open it.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const texts = await visibleTexts(page);
  const offenders = englishLeft(texts, data);
  expect.soft(offenders, `${what}: English UI text left on a Bangla page`).toEqual([]);
  return { texts: texts.length, offenders };
}
