import type { AdminUser } from '@khelaghor/contract/schemas/admin-users';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { EmailPrefixSearch } from './user-picker';
import { call } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/auth';
import { useConfirm } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { ListTable, SectionCard } from '../components/kit';
import { formatDateTime, formatTaka } from '../lib/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { usePagedList } from '../hooks/use-admin-queries';
import { refreshAdmin } from '../api';
import { t, useT } from '../messages';

const DEMO_TOPUP_DELAY_MS = 1500;
/** What the server's demo top-up credits (the spec's fixed ৳100). */
const DEMO_TOPUP_POISHA = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function UsersSection() {
  const [emailPrefix, setEmailPrefix] = useState('');
  const tr = useT();
  const list = usePagedList('adminListUsers', emailPrefix ? { email: emailPrefix } : {}, {
    errorPrefix: tr('failedLoadDashboard'),
  });
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  const toggleAdmin = useAdminMutation(
    async (u: AdminUser) => {
      if (u.is_admin) await call('adminRemoveAdmin', { params: { id: u.id } });
      else await call('adminGrantAdmin', { params: { id: u.id } });
      return !u.is_admin;
    },
    {
      success: (_u, granted) => (granted ? t('adminGranted') : t('adminRemoved')),
      refresh: ['adminListUsers'],
    },
  );

  // A role or money change takes effect at once: each asks first, naming whom and what.
  const confirm = useConfirm();
  const askToggleAdmin = (u: AdminUser) =>
    confirm.ask({
      title: t(u.is_admin ? 'confirmRemoveAdminTitle' : 'confirmMakeAdminTitle'),
      description: t(u.is_admin ? 'confirmRemoveAdmin' : 'confirmMakeAdmin', { email: u.email }),
      confirmText: t(u.is_admin ? 'removeAdmin' : 'makeAdmin'),
      destructive: u.is_admin,
      onConfirm: () => toggleAdmin.mutate(u),
    });
  const askDemoTopup = (u: AdminUser) =>
    confirm.ask({
      title: t('confirmDemoTopupTitle'),
      description: t('confirmDemoTopup', { amount: formatTaka(DEMO_TOPUP_POISHA), email: u.email }),
      confirmText: t('demoTopup'),
      destructive: false,
      onConfirm: () => void demoTopup(u),
    });

  const demoTopup = async (u: AdminUser) => {
    setBusy(u.id);
    try {
      // The spec's demo gateway: a 1.5 s "payment", then ৳100 credited and recorded as completed.
      await sleep(DEMO_TOPUP_DELAY_MS);
      await call('adminDemoTopup', { params: { id: u.id } });
      notifySuccess(
        t('paymentSuccessful'),
        t('amountAddedTo', { amount: formatTaka(DEMO_TOPUP_POISHA), email: u.email }),
      );
      void refreshAdmin(queryClient);
    } catch (error) {
      notifyError(error, t('failedUddokta'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <SectionCard title={tr('navUsers')} description={tr('usersDescription')}>
      <EmailPrefixSearch
        className="mb-3 flex gap-2"
        label={tr('searchUsersByEmail')}
        placeholder={tr('searchByEmailPlaceholder')}
        button={tr('search')}
        onSearch={setEmailPrefix}
      />
      <ListTable
        t={tr}
        // Key columns first: who, their balance and the actions before the table scrolls on a phone.
        columns={['colEmail', 'colBalance', 'colActions', 'colRole', 'colName', 'colPhone', 'colJoined']}
        list={list}
        empty={tr('noUsersFound')}
        row={(u) => {
          const self = u.id === me?.userId;
          return (
            <tr key={u.id} className="border-t" data-testid="user-row" data-email={u.email}>
              <td>{u.email}</td>
              <td data-testid="user-balance">{formatTaka(u.balance)}</td>
              <td>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant={u.is_admin ? 'destructive' : 'default'}
                    disabled={toggleAdmin.isPending || (self && u.is_admin)}
                    title={self && u.is_admin ? tr('cannotRemoveOwnAdmin') : undefined}
                    onClick={() => askToggleAdmin(u)}
                  >
                    {u.is_admin ? tr('removeAdmin') : tr('makeAdmin')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => askDemoTopup(u)}
                  >
                    {busy === u.id ? tr('processing') : tr('demoTopup')}
                  </Button>
                </div>
              </td>
              <td>
                {u.is_admin ? (
                  <Badge>{tr('roleAdmin')}</Badge>
                ) : (
                  <Badge variant="secondary">{tr('roleUser')}</Badge>
                )}
              </td>
              <td>{u.full_name}</td>
              <td>{u.phone}</td>
              <td className="whitespace-nowrap">{formatDateTime(u.created_at)}</td>
            </tr>
          );
        }}
      />
      {confirm.dialog}
    </SectionCard>
  );
}
