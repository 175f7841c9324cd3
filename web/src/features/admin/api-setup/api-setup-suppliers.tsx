import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { SupplierConfigView, SupplierName } from '@khelaghor/contract/schemas/suppliers';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { Checkbox, Field, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { notifyError, notifySuccess } from '../lib/notify';
import { getOptions } from '../api';
import { useAdminGet } from '../hooks/use-admin-queries';
import { t, useT } from '../settings/messages';

/** The suppliers' own names (brands: the same in both languages). */
const SUPPLIER_LABELS: Record<SupplierName, string> = { unipin: 'UniPin', moogold: 'MooGold' };

/**
 * API Setup's suppliers: base URL, partner id and secret of each (the secret write-only, as the
 * gateway key: the server never answers it back), and the balance below which the shop is alerted.
 */
export function SuppliersSetup() {
  const tr = useT();
  const list = useAdminGet('adminListSuppliers', { errorPrefix: tr('failedLoadSuppliers') });
  return (
    <SectionCard title={tr('suppliers')} description={tr('suppliersDescription')}>
      <div className="grid gap-6">
        {list.data?.suppliers.map((s) => (
          <SupplierForm key={s.supplier} config={s} />
        ))}
      </div>
    </SectionCard>
  );
}

function SupplierForm({ config }: { config: SupplierConfigView }) {
  const tr = useT();
  const { date } = useFormat();
  const queryClient = useQueryClient();
  const name = SUPPLIER_LABELS[config.supplier];
  const id = (field: string) => `${config.supplier}-${field}`;
  const [form, setForm] = useState({
    base_url: '',
    partner_id: '',
    secret: '',
    is_active: true,
    low_balance: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setForm({
      base_url: config.base_url,
      partner_id: config.partner_id,
      secret: '',
      is_active: config.is_active,
      low_balance: config.low_balance === null ? '' : String(config.low_balance),
    });
  }, [config]);

  const save = useMutation({
    mutationFn: () =>
      call('adminSaveSupplier', {
        params: { supplier: config.supplier },
        body: {
          base_url: form.base_url.trim(),
          partner_id: form.partner_id.trim(),
          is_active: form.is_active,
          low_balance: form.low_balance.trim() === '' ? null : Number(form.low_balance),
          // Write-only: an empty secret keeps the stored one.
          ...(form.secret.trim() && { secret: form.secret.trim() }),
        },
      }),
    onSuccess: (res) => {
      setErrors({});
      notifySuccess(t('supplierSaved', { name }));
      queryClient.setQueryData(
        getOptions('adminListSuppliers').queryKey,
        (old?: { suppliers: SupplierConfigView[] }) =>
          old
            ? { suppliers: old.suppliers.map((s) => (s.supplier === config.supplier ? res.supplier : s)) }
            : old,
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(apiFieldMessages(error));
      notifyError(error);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const source =
    config.source === 'stored'
      ? tr('sourceSaved')
      : config.source === 'environment'
        ? tr('sourceEnvironment')
        : tr('sourceNone');

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={name}>
      <h3 className="flex items-center gap-2 font-semibold sm:col-span-2">
        {name}
        <Badge variant={config.source === 'stored' ? 'default' : 'secondary'}>{source}</Badge>
      </h3>
      <Field id={id('base')} label={tr('baseUrl')} error={errors.base_url}>
        <Input
          id={id('base')}
          type="url"
          value={form.base_url}
          onChange={(e) => setForm({ ...form, base_url: e.target.value })}
        />
      </Field>
      <Field id={id('partner')} label={tr('partnerId')} error={errors.partner_id}>
        <Input
          id={id('partner')}
          autoComplete="off"
          value={form.partner_id}
          onChange={(e) => setForm({ ...form, partner_id: e.target.value })}
        />
      </Field>
      <Field
        id={id('secret')}
        label={tr('supplierSecret')}
        error={errors.secret}
        hint={
          config.has_secret ? tr('storedSecretHint', { masked: config.secret_masked }) : tr('noSecretHint')
        }
      >
        <Input
          id={id('secret')}
          type="password"
          autoComplete="off"
          placeholder={config.has_secret ? config.secret_masked : tr('enterSecret')}
          value={form.secret}
          onChange={(e) => setForm({ ...form, secret: e.target.value })}
        />
      </Field>
      <Field id={id('low')} label={tr('lowBalance')} error={errors.low_balance} hint={tr('lowBalanceHint')}>
        <Input
          id={id('low')}
          inputMode="numeric"
          value={form.low_balance}
          onChange={(e) => setForm({ ...form, low_balance: e.target.value.replace(/[^\d]/g, '') })}
        />
      </Field>
      <Checkbox
        id={id('active')}
        label={tr('active')}
        checked={form.is_active}
        onChange={(e) => setForm({ ...form, is_active: e.target.checked })}
      />
      <p className="text-xs text-muted-foreground sm:text-right">
        {config.updated_at ? tr('lastSaved', { date: date(config.updated_at) }) : ''}
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? tr('saving') : tr('saveSupplier', { name })}
        </Button>
      </div>
    </form>
  );
}
