/** The shop's two languages. Bangla first: a browser that prefers neither gets Bangla. */
export type Locale = 'bn' | 'en';

const STORAGE_KEY = 'khelaghor.locale';

const isLocale = (value: unknown): value is Locale => value === 'bn' || value === 'en';

/** The language the visitor chose with the header switch, if any (remembered on this device). */
function storedLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

/** The first of the browser's languages that the shop speaks; Bangla when it speaks none of them. */
function browserLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'bn';
}

export const initialLocale = (): Locale => storedLocale() ?? browserLocale();

/** The Intl locale for prices and dates: Bangladesh's conventions in either language. */
export const intlLocale = (locale: Locale) => (locale === 'bn' ? 'bn-BD' : 'en-BD');
