import type { ReactNode } from 'react';
import { useMe } from '../../shared/api/site';
import { useFormat } from '../../shared/i18n/format';
import { useSeo } from '../../shared/lib/seo';
import { TitledCard } from '../../shared/ui/card';
import { Skeleton } from '../../shared/ui/skeleton';
import { EmailPreferencesCard } from './components/email-preferences-card';
import { SavedPlayersCard } from './components/saved-players-card';
import { SmsCard } from './components/sms-card';
import { useT } from './messages';

/**
 * My Profile: the account, then the wallet's balance and history. The wallet's cards belong to
 * the wallet feature; the app puts them in (web/src/profile-route.tsx), as no feature imports another.
 * So does the reseller card, which renders nothing for a customer who is no reseller.
 */
export default function ProfilePage({
  walletBalance,
  walletHistory,
  reseller,
}: {
  walletBalance?: ReactNode;
  walletHistory?: ReactNode;
  reseller?: ReactNode;
}) {
  const tr = useT();
  const { date } = useFormat();
  useSeo(tr('myProfile'));
  const me = useMe();
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-xl font-bold">{tr('myProfile')}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <TitledCard title={tr('account')}>
          {me.data ? (
            <dl className="space-y-2 text-sm">
              {[
                [tr('fullName'), me.data.full_name || '—'],
                [tr('email'), me.data.email],
                [tr('phone'), me.data.phone || '—'],
                [tr('memberSince'), date(me.data.created_at)],
              ].map(([term, value]) => (
                <div key={term} className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="break-all text-right font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <div className="space-y-2">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-5 w-full" />
              ))}
            </div>
          )}
        </TitledCard>
        {walletBalance}
      </div>
      {reseller}
      <SavedPlayersCard />
      <EmailPreferencesCard />
      <SmsCard />
      {walletHistory}
    </div>
  );
}
