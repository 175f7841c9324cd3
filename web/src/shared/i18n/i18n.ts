import { i18n, type Messages } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { initialLocale, rememberLocale, type Locale } from './locale';

export { i18n };

type Values = Record<string, unknown>;

const prefixed = (namespace: string, messages: Record<string, string>): Messages =>
  Object.fromEntries(Object.entries(messages).map(([key, text]) => [`${namespace}.${key}`, text]));

/** A part's translate functions over its namespace. */
function partMessages<K extends string>(namespace: string) {
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
  i18n.load({ en: prefixed(namespace, en), bn: prefixed(namespace, bn) });
  return partMessages<K>(namespace);
}

/**
 * A part of the first screen (header, phone nav, home page, toasts): its strings are not in the
 * entry chunk but in one small chunk per language (src/first-screen-{en,bn}.ts), and only the
 * visitor's language is fetched; the other comes when they switch. Keys are checked against
 * en.json's type; the catalogue test checks bn.json.
 */
export const defineFirstScreenMessages = partMessages;

export type Catalogues = Record<string, Record<string, string>>;
/** Where each language's first-screen chunk comes from: the app says (src/first-screen-{en,bn}.ts). */
export type FirstScreenLoaders = Record<Locale, () => Promise<{ default: Catalogues }>>;
let firstScreen: FirstScreenLoaders | undefined;
const loaded = new Set<Locale>();

/** Load a language's first-screen strings (once) into Lingui. */
export function loadFirstScreen(locale: Locale, catalogues?: Catalogues): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  const add = (all: Catalogues) => {
    for (const [namespace, messages] of Object.entries(all)) i18n.load(locale, prefixed(namespace, messages));
    loaded.add(locale);
  };
  if (catalogues) return Promise.resolve(add(catalogues));
  if (!firstScreen) return Promise.reject(new Error('startI18n was not called'));
  return firstScreen[locale]().then((module) => add(module.default));
}

export const currentLocale = (): Locale => (i18n.locale === 'en' ? 'en' : 'bn');

/**
 * Switch the whole app (once the language's first-screen strings are in); remembered on this device;
 * `<html lang>` follows for screen readers and fonts.
 */
export function setLocale(locale: Locale): void {
  const apply = () => {
    rememberLocale(locale);
    activate(locale);
  };
  // Already here (the usual case after the first switch): at once, in the same tick.
  if (loaded.has(locale)) return apply();
  loadFirstScreen(locale).then(apply, (error: unknown) => console.warn('Could not switch language:', error));
}

function activate(locale: Locale) {
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Called once; the first render waits for it (the language's first-screen strings). */
export async function startI18n(loaders: FirstScreenLoaders): Promise<Locale> {
  firstScreen = loaders;
  const locale = initialLocale();
  await loadFirstScreen(locale).catch((error: unknown) => console.warn('No first-screen strings:', error));
  activate(locale);
  return locale;
}

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/** The language the page is in, re-rendering on a switch (no provider needed, so components test alone). */
export function useLocale(): Locale {
  useSyncExternalStore(subscribe, () => i18n.locale);
  return currentLocale();
}
