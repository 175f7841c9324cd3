import { Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useBrandName, useSettings, whatsappLink } from '../api/site';
import { useLocale } from '../i18n/i18n';
import { intlLocale } from '../i18n/locale';
import { useT } from './messages';

type LinkKey = Parameters<ReturnType<typeof useT>>[0];
const QUICK_LINKS: Array<[string, LinkKey]> = [
  ['/', 'home'],
  ['/my-orders', 'myOrders'],
  ['/my-codes', 'myCodes'],
  ['/add-money', 'addMoney'],
  ['/faq', 'faq'],
];
const POLICY_LINKS: Array<[string, LinkKey]> = [
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/refund-policy', 'refundPolicy'],
];

function LinkList({ links, className }: { links: Array<[string, LinkKey]>; className: string }) {
  const t = useT();
  return (
    <ul className={className}>
      {links.map(([to, key]) => (
        <li key={to}>
          <Link className="hover:underline" to={to}>
            {t(key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  const settings = useSettings();
  const brand = useBrandName();
  const support = whatsappLink(settings.support_whatsapp);
  const t = useT();
  // The year without grouping (2026, ২০২৬), in the page's digits.
  const year = new Intl.NumberFormat(intlLocale(useLocale()), { useGrouping: false }).format(
    new Date().getFullYear(),
  );
  return (
    <footer className="mb-16 border-t bg-slate-900 text-slate-200 md:mb-0">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{brand}</p>
          <p className="mt-2 text-sm text-slate-300">{t('footerAbout')}</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('quickLinks')}</h2>
          <LinkList links={QUICK_LINKS} className="mt-2 space-y-1 text-sm" />
        </div>
        <div>
          <h2 className="font-semibold text-white">{t('support')}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {settings.hotline && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4" aria-hidden="true" />
                {t('hotline')}{' '}
                <a className="hover:underline" href={`tel:${settings.hotline.replace(/[^\d+]/g, '')}`}>
                  {settings.hotline}
                </a>
              </li>
            )}
            {support && (
              <li>
                <a className="hover:underline" href={support} target="_blank" rel="noreferrer">
                  {t('whatsappSupportLink')}
                </a>
              </li>
            )}
            {settings.telegram_url && (
              <li>
                <a className="hover:underline" href={settings.telegram_url} target="_blank" rel="noreferrer">
                  {t('telegramCommunity')}
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <nav aria-label={t('policies')} className="border-t border-slate-700 px-4 py-3">
        <LinkList links={POLICY_LINKS} className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm" />
      </nav>
      <p className="border-t border-slate-700 py-4 text-center text-xs text-slate-300">
        {t('copyright', { year, brand })}
      </p>
    </footer>
  );
}
