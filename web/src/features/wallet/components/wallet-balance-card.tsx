import { PlusCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useFormat } from '../../../shared/i18n/format';
import { useLedger } from '../hooks/use-ledger';
import { useT } from '../messages';

/** The balance, with the way to Add Money. */
export function WalletBalanceCard() {
  const tr = useT();
  const { money } = useFormat();
  const { balance } = useLedger();
  return (
    <TitledCard title={tr('walletBalance')} className="space-y-4">
      <div className="h-9 text-3xl font-bold text-primary" data-testid="profile-balance">
        {balance !== undefined ? money(balance) : <Skeleton className="h-9 w-32" />}
      </div>
      <Button asChild className="w-full">
        <Link to="/add-money">
          <PlusCircle aria-hidden="true" /> {tr('addMoney')}
        </Link>
      </Button>
    </TitledCard>
  );
}
