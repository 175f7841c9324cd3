import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { ListSkeleton } from '../../shared/components/list-states';
import { useFormat } from '../../shared/i18n/format';
import { useSeo } from '../../shared/lib/seo';
import { Badge } from '../../shared/ui/badge';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, TitledCard } from '../../shared/ui/card';
import { useResellerAccount } from './api';
import { CallbackUrlForm } from './components/callback-url-form';
import { CallbacksLog } from './components/callbacks-log';
import { CreateKey } from './components/create-key';
import { HowToSign } from './components/how-to-sign';
import { KeysList } from './components/keys-list';
import { PriceList } from './components/price-list';
import { useT } from './messages';

/** /reseller: the reseller's price list, balance, API keys, callback URL and callbacks log. */
export default function ResellerPage() {
  const tr = useT();
  const { money, number } = useFormat();
  useSeo(tr('resellerAccount'));
  const account = useResellerAccount();

  if (account.notReseller) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-xl font-bold">{tr('forResellers')}</h1>
        <p className="text-muted-foreground">{tr('askShop')}</p>
        <Button asChild>
          <Link to="/">{tr('goHome')}</Link>
        </Button>
      </div>
    );
  }
  const a = account.data;
  const activeKeys = a?.keys.filter((k) => k.status === 'active').length ?? 0;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-xl font-bold">{tr('resellerAccount')}</h1>
      {account.error ? (
        <p className="text-destructive">{errorMessage(account.error)}</p>
      ) : !a ? (
        <ListSkeleton />
      ) : (
        <>
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-4">
              <div>
                <p className="text-sm text-muted-foreground">{tr('walletBalanceApi')}</p>
                <p className="text-2xl font-bold" data-testid="reseller-balance">
                  {money(a.balance)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {a.is_active ? (
                  <Badge variant="secondary">{tr('active')}</Badge>
                ) : (
                  <Badge variant="outline">{tr('inactive')}</Badge>
                )}
                <Button asChild variant="outline" size="sm">
                  <Link to="/add-money">{tr('addMoney')}</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
          <TitledCard
            title={tr('apiKeys')}
            description={tr('activeKeysOf', { active: number(activeKeys), max: number(a.max_active_keys) })}
          >
            <div className="space-y-4">
              <CreateKey disabled={activeKeys >= a.max_active_keys} />
              <KeysList keys={a.keys} />
            </div>
          </TitledCard>
          <TitledCard title={tr('howToSign')}>
            <HowToSign />
          </TitledCard>
          <TitledCard title={tr('yourPrices')} description={tr('yourPricesHint')}>
            <PriceList rows={a.prices} />
          </TitledCard>
          <TitledCard title={tr('callbacks')}>
            <div className="space-y-4">
              <CallbackUrlForm key={a.callback_url ?? ''} current={a.callback_url} />
              <CallbacksLog />
            </div>
          </TitledCard>
        </>
      )}
    </div>
  );
}
