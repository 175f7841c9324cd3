import type { SmsDevice } from '@khelaghor/contract/schemas/sms-devices';
import { useState } from 'react';
import { call } from '../../../shared/api/client';
import { useFormat } from '../../../shared/i18n/format';
import { methodLabel } from '../../../shared/lib/format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAdminMutation } from '../components/crud';
import { Field, ListTable, NativeSelect, SectionCard } from '../components/kit';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useT } from './messages';
import { SmsInbox } from './sms-inbox';

type Created = { device: SmsDevice; secret: string };

/**
 * Admin → SMS phones: the receiving phones' device keys (made for one receiving account, the
 * secret shown once, revoked after a confirmation) and the inbox of every SMS they forwarded.
 */
export default function SmsPhonesSection() {
  return (
    <div className="space-y-6">
      <SmsPhones />
      <SmsInbox />
    </div>
  );
}

function SmsPhones() {
  const t = useT();
  const { date, number, money } = useFormat();
  const devices = useAdminGet('adminListSmsDevices');
  const [asking, setAsking] = useState<SmsDevice | null>(null);
  const [restarting, setRestarting] = useState<SmsDevice | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const revoke = useAdminMutation((id: string) => call('adminRevokeSmsDevice', { params: { id } }), {
    success: t('keyRevoked'),
    refresh: ['adminListSmsDevices'],
    onSuccess: () => setAsking(null),
  });
  const restart = useAdminMutation((id: string) => call('adminClearSmsChain', { params: { id } }), {
    success: t('chainRestarted'),
    refresh: ['adminListSmsDevices'],
    onSuccess: () => setRestarting(null),
  });
  const phoneName = (d: SmsDevice) => `${methodLabel(d.provider)} ${d.receiving_number}`;
  return (
    <SectionCard title={t('smsPhones')} description={t('smsPhonesDescription')}>
      <div className="space-y-5">
        {created ? (
          <CreatedKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <NewPhoneForm onCreated={setCreated} />
        )}
        <ListTable
          t={t}
          columns={[
            'colNumber',
            'colPhone',
            'colChain',
            'colCreated',
            'colLastSms',
            'colIgnored',
            'colStatus',
            'colActions',
          ]}
          loading={devices.isLoading}
          items={devices.data?.items ?? []}
          empty={t('noPhones')}
          row={(d) => (
            <tr key={d.id} className="border-t" data-testid="sms-phone-row">
              <td className="whitespace-nowrap font-medium">{phoneName(d)}</td>
              <td>
                {d.label ?? '—'}
                <div className="font-mono text-xs text-muted-foreground">{d.id}</div>
              </td>
              <td className="whitespace-nowrap text-xs">
                {d.chain.broken_since ? (
                  <span className="font-medium text-destructive">
                    {t('chainBroken', { date: date(d.chain.broken_since) })}
                  </span>
                ) : d.chain.balance === null ? (
                  t('chainNone')
                ) : (
                  t('chainOk', { balance: money(d.chain.balance) })
                )}
                {d.chain.broken_since && (
                  <Button
                    size="sm"
                    variant="outline"
                    className="ml-2"
                    aria-label={t('restartChainOf', { number: d.receiving_number })}
                    onClick={() => setRestarting(d)}
                  >
                    {t('restartChain')}
                  </Button>
                )}
              </td>
              <td className="whitespace-nowrap">{date(d.created_at)}</td>
              <td className="whitespace-nowrap">{d.last_sms_at ? date(d.last_sms_at) : t('never')}</td>
              <td>{number(d.ignored_count)}</td>
              <td>
                <Badge variant={d.status === 'active' ? 'secondary' : 'outline'}>
                  {d.status === 'active' ? t('active') : t('revoked')}
                </Badge>
              </td>
              <td>
                {d.status === 'active' && (
                  <Button
                    size="sm"
                    variant="destructive"
                    aria-label={t('revokeOf', { number: d.receiving_number })}
                    onClick={() => setAsking(d)}
                  >
                    {t('revoke')}
                  </Button>
                )}
              </td>
            </tr>
          )}
        />
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t('revokeTitle')}
        description={t('revokeDescription', { number: asking ? phoneName(asking) : '' })}
        confirmText={t('revokeKey')}
        destructive
        pending={revoke.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && revoke.mutate(asking.id)}
      />
      <ConfirmDialog
        open={restarting !== null}
        title={t('restartTitle')}
        description={t('restartDescription', {
          number: restarting ? phoneName(restarting) : '',
          balance: money(restarting?.chain.balance ?? 0),
        })}
        confirmText={t('restartChain')}
        pending={restart.isPending}
        onCancel={() => setRestarting(null)}
        onConfirm={() => restarting && restart.mutate(restarting.id)}
      />
    </SectionCard>
  );
}

/** A key for one of the shop's receiving wallets (the server refuses any other number). */
function NewPhoneForm({ onCreated }: { onCreated: (c: Created) => void }) {
  const t = useT();
  const accounts = useAdminGet('adminGetReceivingAccounts');
  const wallets = accounts.data?.accounts.wallets ?? [];
  const [choice, setChoice] = useState('');
  const [label, setLabel] = useState('');
  const create = useAdminMutation(
    (body: { provider: SmsDevice['provider']; receiving_number: string; label?: string }) =>
      call('adminCreateSmsDevice', { body }),
    {
      success: t('keyCreated'),
      refresh: ['adminListSmsDevices'],
      onSuccess: (_, result) => {
        setChoice('');
        setLabel('');
        onCreated(result);
      },
    },
  );
  const chosen = wallets[Number(choice)];
  if (!accounts.isLoading && wallets.length === 0)
    return <p className="text-sm text-muted-foreground">{t('noAccounts')}</p>;
  return (
    <form
      className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen)
          create.mutate({
            provider: chosen.provider,
            receiving_number: chosen.number,
            ...(label.trim() && { label: label.trim() }),
          });
      }}
    >
      <Field id="sms-account" label={t('receivingAccount')}>
        <NativeSelect id="sms-account" value={choice} onChange={(e) => setChoice(e.target.value)} required>
          <option value="">{t('chooseAccount')}</option>
          {wallets.map((w, i) => (
            <option key={`${w.provider}-${w.number}`} value={String(i)}>
              {methodLabel(w.provider)} {w.number}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="sms-label" label={t('label')}>
        <Input id="sms-label" value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
      </Field>
      <Button type="submit" disabled={!chosen || create.isPending}>
        {t('createKey')}
      </Button>
    </form>
  );
}

/** The new key's id and secret, once, with the intake URL the forwarder posts to. */
function CreatedKey({ created, onDone }: { created: Created; onDone: () => void }) {
  const t = useT();
  const intake = `${window.location.origin}/api/payments/sms`;
  const rows = [
    [t('keyId'), created.device.id, 'sms-new-key-id'],
    [t('secret'), created.secret, 'sms-new-key-secret'],
    [t('intakeUrl'), intake, 'sms-intake-url'],
  ] as const;
  return (
    <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
      <p className="font-medium">{t('secretOnce')}</p>
      {rows.map(([name, value, testId]) => (
        <div key={testId} className="flex flex-wrap items-center gap-2">
          <span className="w-24 shrink-0 text-muted-foreground">{name}</span>
          <code className="break-all font-mono text-xs" data-testid={testId}>
            {value}
          </code>
          <Button
            size="sm"
            variant="outline"
            aria-label={t('copy', { what: name })}
            onClick={() => void navigator.clipboard?.writeText(value)}
          >
            {t('copyShort')}
          </Button>
        </div>
      ))}
      <Button size="sm" onClick={onDone}>
        {t('done')}
      </Button>
    </div>
  );
}
