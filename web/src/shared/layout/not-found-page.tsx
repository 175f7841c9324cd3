import { Link } from 'react-router-dom';
import { useSeo } from '../lib/seo';
import { useT } from './messages';

export default function NotFoundPage() {
  const t = useT();
  useSeo(t('pageNotFound'));
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-4 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">{t('pageNotFoundText')}</p>
      <Link to="/" className="mt-6 text-primary underline underline-offset-4 hover:no-underline">
        {t('returnHome')}
      </Link>
    </div>
  );
}
