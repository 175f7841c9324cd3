import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { useFormat } from '../../../shared/i18n/format';
import { useResellerAccount } from '../api';
import { useT } from '../messages';

/** My Profile's reseller card: only for a caller the account route answers for (403: nothing at all). */
export function ResellerProfileCard() {
  const tr = useT();
  const { money, number } = useFormat();
  const account = useResellerAccount();
  const a = account.data;
  if (!a) return null;
  const activeKeys = a.keys.filter((k) => k.status === 'active').length;
  return (
    <TitledCard
      title={tr('resellerAccount')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground">
        {tr('profileSummary', {
          packages: number(a.prices.length),
          keys: activeKeys,
          balance: money(a.balance),
        })}
      </p>
      <Button asChild size="sm">
        <Link to="/reseller">{tr('openResellerPage')}</Link>
      </Button>
    </TitledCard>
  );
}
