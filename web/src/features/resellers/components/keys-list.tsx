import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/sonner';
import { refreshAccount, revokeKey, type ResellerKey } from '../api';
import { t, useT } from '../messages';

/** The reseller's keys (public facts only) with 'Revoke', which asks first. */
export function KeysList({ keys }: { keys: ResellerKey[] }) {
  const tr = useT();
  const { date } = useFormat();
  const client = useQueryClient();
  const [asking, setAsking] = useState<ResellerKey | null>(null);
  const revoke = useMutation({
    mutationFn: revokeKey,
    onSuccess: () => {
      toast.success(t('keyRevoked'));
      setAsking(null);
      void refreshAccount(client);
    },
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) }),
  });
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{tr('noKeys')}</p>;
  return (
    <>
      <ul className="divide-y rounded-md border text-sm">
        {keys.map((k) => (
          <li
            key={k.id}
            className="flex flex-wrap items-start justify-between gap-2 p-3"
            data-testid="api-key"
            data-key-id={k.id}
          >
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {k.label ?? tr('unnamedKey')}{' '}
                {k.status === 'active' ? (
                  <Badge variant="secondary">{tr('active')}</Badge>
                ) : (
                  <Badge variant="outline">{tr('revoked')}</Badge>
                )}
              </p>
              <p className="break-all font-mono text-xs">{k.id}</p>
              <p className="text-xs text-muted-foreground">
                {tr('createdLastUsed', {
                  created: date(k.created_at),
                  lastUsed: k.last_used_at ? date(k.last_used_at) : tr('never'),
                })}
              </p>
              <p className="break-all text-xs text-muted-foreground">
                {tr('ips', { ips: k.allowed_ips.length ? k.allowed_ips.join(', ') : tr('anyIp') })}
              </p>
            </div>
            {k.status === 'active' && (
              <Button
                size="sm"
                variant="outline"
                aria-label={tr('revokeKeyNamed', { name: k.label ?? k.id })}
                onClick={() => setAsking(k)}
              >
                {tr('revoke')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{tr('revokeTitle')}</DialogTitle>
            <DialogDescription>
              {tr('revokeText', { name: asking?.label ?? asking?.id ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={revoke.isPending} onClick={() => setAsking(null)}>
              {tr('cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => asking && revoke.mutate(asking.id)}
            >
              {tr('revokeKey')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
