import type { Locale } from './locale';

/**
 * What the admin wrote, in the page's language: the Bangla version when the admin gave one, else
 * the English (product names, redeem steps, shop pages).
 */
export const localized = (locale: Locale, en: string, bn?: string | null): string =>
  locale === 'bn' && bn?.trim() ? bn : en;

export const localizedList = (locale: Locale, en: string[], bn?: string[] | null): string[] =>
  locale === 'bn' && bn?.some((line) => line.trim()) ? bn : en;
