import { useT } from './messages';

/** Full-height placeholder while a page chunk loads (keeps the footer from jumping up). */
export function PageSpinner() {
  const t = useT();
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-muted border-t-primary"
        aria-hidden="true"
      />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
