import { Languages } from 'lucide-react';
import { setLocale, useLocale } from './i18n';

/**
 * The header's language switch: one tap to the other language, written in that language so a
 * reader of either finds it.
 */
export function LanguageSwitch() {
  const locale = useLocale();
  const other = locale === 'bn' ? 'en' : 'bn';
  return (
    <button
      type="button"
      onClick={() => setLocale(other)}
      lang={other}
      aria-label={other === 'en' ? 'Switch to English' : 'বাংলায় দেখুন'}
      data-testid="language-switch"
      className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Languages className="h-4 w-4" aria-hidden="true" />
      {other === 'en' ? 'EN' : 'বাং'}
    </button>
  );
}
