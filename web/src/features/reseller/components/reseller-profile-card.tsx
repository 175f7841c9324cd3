import { formatTaka } from '@khelaghor/contract/taka';
import { Link } from 'react-router-dom';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../shared/ui/card';
import { useResellerAccount } from '../api';

/** My Profile's reseller card: only for a caller the account route answers for (403: nothing at all). */
export function ResellerProfileCard() {
  const account = useResellerAccount();
  const a = account.data;
  if (!a) return null;
  const activeKeys = a.keys.filter((k) => k.status === 'active').length;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Reseller account</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-muted-foreground">
          {a.prices.length} packages at your prices · {activeKeys} active API key{activeKeys === 1 ? '' : 's'} · balance{' '}
          {formatTaka(a.balance)}
        </p>
        <Button asChild size="sm">
          <Link to="/reseller">Open reseller page</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
