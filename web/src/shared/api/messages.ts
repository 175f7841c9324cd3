import { spoken } from '@khelaghor/contract/api-messages';
import { formatTaka } from '@khelaghor/contract/taka';
import { formatNumberIn } from '../i18n/format';
import { currentLocale, defineMessages } from '../i18n/i18n';
import type { Locale } from '../i18n/locale';
import { ApiError, type ApiParams } from './client';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/**
 * The API's messages in both languages (DESIGN 11): en.json is the contract's API_MESSAGES
 * (contract/src/api-messages.ts, a test holds them equal), bn.json the Bangla for every reason.
 * This module is loaded with the first error (client.ts), never with the home page's JavaScript.
 */
export const { t, id } = defineMessages('api', en, bn);
type Reason = keyof typeof en;

const isReason = (reason: string | undefined): reason is Reason =>
  reason !== undefined && Object.prototype.hasOwnProperty.call(en, reason);

/** Placeholder values in the language's digits; `<name>_poisha` shows `{name}` as money. */
function values(locale: Locale, params: ApiParams = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === 'number' ? formatNumberIn(locale, value) : value;
  }
  for (const [name, value] of Object.entries(params)) {
    const money = /^(.+)_poisha$/.exec(name);
    if (money && typeof value === 'number') out[money[1]!] = formatTaka(value, locale);
  }
  return out;
}

/** A reason's text in the current language; English keeps the server's own text. */
function say(english: string, reason: string | undefined, params: ApiParams | undefined): string {
  const locale = currentLocale();
  if (locale === 'en' || !isReason(reason) || reason === 'other') return english;
  return t(reason, values(locale, params));
}

/** The message to show for any error, in the current language (Bangla by reason, else English). */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return say(error.message, error.reason, error.params);
  if (error instanceof Error) return error.message;
  return say('Something went wrong', 'unknown_error', undefined);
}

/** A field's message of a refused form (400 `fields`), in the current language; undefined when none. */
export function apiFieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const english = error.fields?.[field];
  if (english === undefined) return undefined;
  const known = error.fieldReasons?.[field];
  return known ? say(english, known.reason, known.params) : apiTextMessage(english);
}

/**
 * An English text of the API's catalogue that came without its reason (a zod message of a contract
 * schema checked in the browser, an import's problem line) in the current language; any other text
 * stays as it is.
 */
export function apiTextMessage(english: string): string {
  if (currentLocale() === 'en') return english;
  const { reason, params } = spoken(english);
  return say(english, reason, params);
}

/** Every field message of a refused form, in the current language. */
export function apiFieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.keys(error.fields).map((f) => [f, apiFieldMessage(error, f)!]));
}
