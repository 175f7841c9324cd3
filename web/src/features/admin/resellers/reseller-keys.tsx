import type { ResellerKey } from '@khelaghor/contract/schemas/reseller';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { call } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../settings/messages';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { ListTable } from '../components/kit';

/** A reseller's API keys (public facts only: the secret was shown once, to the reseller) with 'Revoke'. */
export function ResellerKeysTable({
  userId,
  keys,
  loading,
}: {
  userId: string;
  keys: ResellerKey[];
  loading: boolean;
}) {
  const t = useT();
  const { date } = useFormat();
  const [asking, setAsking] = useState<ResellerKey | null>(null);
  const revoke = useAdminMutation(
    (keyId: string) => call('adminRevokeResellerKey', { params: { userId, keyId } }),
    {
      success: t('apiKeyRevoked'),
      refresh: ['adminGetReseller', 'adminListResellers'],
      onSuccess: () => setAsking(null),
    },
  );
  return (
    <>
      <ListTable
        t={t}
        columns={['colKey', 'colLabel', 'created', 'colLastUsed', 'colAllowedIps', 'status', 'actions']}
        loading={loading}
        items={keys}
        empty={t('noApiKeys')}
        row={(k) => (
          <tr key={k.id} className="border-t" data-testid="reseller-key-row" data-key-id={k.id}>
            <td className="font-mono text-xs">{k.id}</td>
            <td>{k.label ?? '—'}</td>
            <td className="whitespace-nowrap">{date(k.created_at)}</td>
            <td className="whitespace-nowrap">{k.last_used_at ? date(k.last_used_at) : t('never')}</td>
            <td className="max-w-48 break-all text-xs">
              {k.allowed_ips.length ? k.allowed_ips.join(', ') : t('anyIp')}
            </td>
            <td>
              {k.status === 'active' ? (
                <Badge variant="secondary">{t('active')}</Badge>
              ) : (
                <Badge variant="outline">{t('revoked')}</Badge>
              )}
            </td>
            <td>
              {k.status === 'active' && (
                <Button
                  size="sm"
                  variant="destructive"
                  aria-label={t('revokeKeyOf', { id: k.id })}
                  onClick={() => setAsking(k)}
                >
                  {t('revoke')}
                </Button>
              )}
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t('revokeTitle')}
        description={t('revokeDescription', { name: asking?.label ?? asking?.id ?? t('revokeIt') })}
        confirmText={t('revokeKey')}
        pending={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && revoke.mutate(asking.id)}
      />
    </>
  );
}
