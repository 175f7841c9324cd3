import { formatTaka } from '@khelaghor/contract/taka';
import { PlusCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useLedger } from '../hooks/use-ledger';

/** The balance, with the way to Add Money. */
export function WalletBalanceCard() {
  const { balance } = useLedger();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Wallet Balance</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="h-9 text-3xl font-bold text-primary" data-testid="profile-balance">
          {balance !== undefined ? formatTaka(balance) : <Skeleton className="h-9 w-32" />}
        </div>
        <Button asChild className="w-full">
          <Link to="/add-money">
            <PlusCircle aria-hidden="true" /> Add Money
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
