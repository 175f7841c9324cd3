import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { formatDate } from '../../../shared/lib/format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../shared/ui/dialog';
import { toast } from '../../../shared/ui/sonner';
import { refreshAccount, revokeKey, type ResellerKey } from '../api';

/** The reseller's keys (public facts only) with 'Revoke', which asks first. */
export function KeysList({ keys }: { keys: ResellerKey[] }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<ResellerKey | null>(null);
  const revoke = useMutation({
    mutationFn: revokeKey,
    onSuccess: () => {
      toast.success('API key revoked');
      setAsking(null);
      void refreshAccount(client);
    },
    onError: (error) => toast.error('Error', { description: errorMessage(error) }),
  });
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">No API keys yet.</p>;
  return (
    <>
      <ul className="divide-y rounded-md border text-sm">
        {keys.map((k) => (
          <li key={k.id} className="flex flex-wrap items-start justify-between gap-2 p-3" data-testid="api-key" data-key-id={k.id}>
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {k.label ?? 'Unnamed key'}{' '}
                {k.status === 'active' ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Revoked</Badge>}
              </p>
              <p className="break-all font-mono text-xs">{k.id}</p>
              <p className="text-xs text-muted-foreground">
                Created {formatDate(k.created_at)} · Last used {k.last_used_at ? formatDate(k.last_used_at) : 'never'}
              </p>
              <p className="break-all text-xs text-muted-foreground">
                IPs: {k.allowed_ips.length ? k.allowed_ips.join(', ') : 'any'}
              </p>
            </div>
            {k.status === 'active' && (
              <Button size="sm" variant="outline" aria-label={`Revoke key ${k.label ?? k.id}`} onClick={() => setAsking(k)}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke this API key?</DialogTitle>
            <DialogDescription>
              Requests signed with {asking?.label ?? asking?.id} are refused at once. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={revoke.isPending} onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={revoke.isPending} onClick={() => asking && revoke.mutate(asking.id)}>
              Revoke key
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
