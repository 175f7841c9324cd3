import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { initialLocale, rememberLocale, type Locale } from './locale';

export { i18n };

type Values = Record<string, unknown>;

/**
 * A part of the app's strings: `en` holds the English texts (the spec's, exactly), `bn` the same
 * keys in Bangla. Both are JSON files beside the part (i18n/en.json, i18n/bn.json) that the build
 * compiles to Lingui's message form (web/vite.config.ts); keys are namespaced so parts never
 * collide. Both languages are loaded with the part's own chunk, so switching never waits.
 */
export function defineMessages<const K extends string>(
  namespace: string,
  en: Record<K, string>,
  bn: Record<K, string>,
) {
  const prefixed = (messages: Record<string, string>): Messages =>
    Object.fromEntries(Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]));
  i18n.load({ en: prefixed(en), bn: prefixed(bn) });
  const translate = (key: K, values?: Values) => i18n._(`${namespace}.${key}`, values);
  return {
    /** Outside React (toasts in callbacks, titles): the current language at the time of the call. */
    t: translate,
    /** In components: re-renders when the language changes. */
    useT() {
      useLocale();
      return translate;
    },
    /** A key's full id, for Lingui's <Trans id=…> (texts with links or emphasis inside). */
    id: (key: K) => `${namespace}.${key}`,
  };
}

export const currentLocale = (): Locale => (i18n.locale === 'en' ? 'en' : 'bn');

/** Switch the whole app; remembered on this device; `<html lang>` follows for screen readers and fonts. */
export function setLocale(locale: Locale): void {
  rememberLocale(locale);
  activate(locale);
}

function activate(locale: Locale) {
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Called once before the first render. */
export function startI18n(): Locale {
  const locale = initialLocale();
  activate(locale);
  return locale;
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The language the page is in, re-rendering on a switch (no provider needed, so components test alone). */
export function useLocale(): Locale {
  useSyncExternalStore(subscribe, () => i18n.locale);
  return currentLocale();
}
