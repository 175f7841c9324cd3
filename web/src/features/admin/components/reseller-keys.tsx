import type { ResellerKey } from '@khelaghor/contract/schemas/reseller';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { formatDateTime } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { useAdminMutation } from './crud';
import { ListTable } from './kit';

/** A reseller's API keys (public facts only: the secret was shown once, to the reseller) with 'Revoke'. */
export function ResellerKeysTable({ userId, keys, loading }: { userId: string; keys: ResellerKey[]; loading: boolean }) {
  const [asking, setAsking] = useState<ResellerKey | null>(null);
  const revoke = useAdminMutation((keyId: string) => call('adminRevokeResellerKey', { params: { userId, keyId } }), {
    success: 'API key revoked',
    refresh: ['adminGetReseller', 'adminListResellers'],
    onSuccess: () => setAsking(null),
  });
  return (
    <>
      <ListTable
        columns={['Key', 'Label', 'Created', 'Last used', 'Allowed IPs', 'Status', 'Actions']}
        loading={loading}
        items={keys}
        empty="No API keys yet (the reseller creates them on their page)"
        row={(k) => (
          <tr key={k.id} className="border-t" data-testid="reseller-key-row" data-key-id={k.id}>
            <td className="font-mono text-xs">{k.id}</td>
            <td>{k.label ?? '—'}</td>
            <td className="whitespace-nowrap">{formatDateTime(k.created_at)}</td>
            <td className="whitespace-nowrap">{k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'}</td>
            <td className="max-w-48 break-all text-xs">{k.allowed_ips.length ? k.allowed_ips.join(', ') : 'Any'}</td>
            <td>{k.status === 'active' ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Revoked</Badge>}</td>
            <td>
              {k.status === 'active' && (
                <Button size="sm" variant="destructive" aria-label={`Revoke key ${k.id}`} onClick={() => setAsking(k)}>
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title="Revoke this API key?"
        description={`Requests signed with ${asking?.label ?? asking?.id ?? 'it'} are refused at once. This cannot be undone.`}
        confirmText="Revoke key"
        pending={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && revoke.mutate(asking.id)}
      />
    </>
  );
}
