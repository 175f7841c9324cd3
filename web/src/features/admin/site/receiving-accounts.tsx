import { GATEWAY_METHODS } from '@khelaghor/contract/facts';
import {
  RECEIVING_BANKS_MAX,
  RECEIVING_WALLETS_MAX,
  RECEIVING_WALLET_TYPES,
  ReceivingAccountsBody,
  type ReceivingBank,
  type ReceivingWallet,
} from '@khelaghor/contract/schemas/catalog';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { methodLabel } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useAdminGet } from '../hooks/use-admin-queries';
import { localizedFieldErrors } from '../lib/schema-form';
import { useAdminMutation } from '../components/crud';
import { Field, NativeSelect, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { useT, type SettingsMessage } from '../settings/messages';

type Bank = Omit<ReceivingBank, 'branch'> & { branch: string };
const newWallet = (): ReceivingWallet => ({ provider: 'bkash', number: '', type: 'personal' });
const newBank = (): Bank => ({ bank_name: '', account_name: '', account_number: '', branch: '' });
const TYPE_LABELS: Record<ReceivingWallet['type'], SettingsMessage> = {
  personal: 'typePersonal',
  agent: 'typeAgent',
  merchant: 'typeMerchant',
};
const BANK_FIELDS = [
  ['bank_name', 'bankName'],
  ['account_name', 'accountName'],
  ['account_number', 'accountNumber'],
  ['branch', 'branch'],
] as const;

/** The bKash/Nagad/Rocket numbers and bank accounts buyers send manual (TrxID) top-ups to (DESIGN 11). */
export function ReceivingAccountsCard() {
  const t = useT();
  const { number } = useFormat();
  const saved = useAdminGet('adminGetReceivingAccounts');
  const [wallets, setWallets] = useState<ReceivingWallet[]>([]);
  const [banks, setBanks] = useState<Bank[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const a = saved.data?.accounts;
    if (a) {
      setWallets(a.wallets);
      setBanks(a.banks.map((b) => ({ ...b, branch: b.branch ?? '' })));
    }
  }, [saved.data]);

  const body = { wallets, banks };
  const save = useAdminMutation(() => call('adminPutReceivingAccounts', { body }), {
    success: t('receivingSaved'),
    refresh: ['adminGetReceivingAccounts'],
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(apiFieldMessages(error));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ReceivingAccountsBody.safeParse(body);
    if (!parsed.success) return setErrors(localizedFieldErrors(parsed.error));
    setErrors({});
    save.mutate();
  };
  const setWallet = (i: number, patch: Partial<ReceivingWallet>) =>
    setWallets(wallets.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const setBank = (i: number, patch: Partial<Bank>) =>
    setBanks(banks.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  return (
    <SectionCard title={t('receivingAccounts')} description={t('receivingDescription')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('mobileWallets')}</legend>
          {wallets.length === 0 && <p className="text-sm text-muted-foreground">{t('noWallets')}</p>}
          {wallets.map((w, i) => (
            <div key={i} className="grid items-end gap-2 sm:grid-cols-[8rem_1fr_8rem_auto]">
              <Field id={`rw-provider-${i}`} label={t('provider')} error={errors[`wallets.${i}.provider`]}>
                <NativeSelect
                  id={`rw-provider-${i}`}
                  value={w.provider}
                  onChange={(e) => setWallet(i, { provider: e.target.value as ReceivingWallet['provider'] })}
                >
                  {GATEWAY_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {methodLabel(m)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id={`rw-number-${i}`} label={t('number')} error={errors[`wallets.${i}.number`]}>
                <Input
                  id={`rw-number-${i}`}
                  inputMode="tel"
                  placeholder="01XXXXXXXXX"
                  value={w.number}
                  onChange={(e) => setWallet(i, { number: e.target.value })}
                />
              </Field>
              <Field id={`rw-type-${i}`} label={t('type')} error={errors[`wallets.${i}.type`]}>
                <NativeSelect
                  id={`rw-type-${i}`}
                  value={w.type}
                  onChange={(e) => setWallet(i, { type: e.target.value as ReceivingWallet['type'] })}
                >
                  {RECEIVING_WALLET_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(TYPE_LABELS[type])}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={t('removeWallet', { n: number(i + 1) })}
                onClick={() => setWallets(wallets.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={wallets.length >= RECEIVING_WALLETS_MAX}
            onClick={() => setWallets([...wallets, newWallet()])}
          >
            <Plus aria-hidden="true" /> {t('addWallet')}
          </Button>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('bankAccounts')}</legend>
          {banks.length === 0 && <p className="text-sm text-muted-foreground">{t('noBanks')}</p>}
          {banks.map((b, i) => (
            <div key={i} className="grid items-end gap-2 rounded-md border p-2 sm:grid-cols-2">
              {BANK_FIELDS.map(([key, label]) => (
                <Field key={key} id={`rb-${key}-${i}`} label={t(label)} error={errors[`banks.${i}.${key}`]}>
                  <Input
                    id={`rb-${key}-${i}`}
                    value={b[key]}
                    onChange={(e) => setBank(i, { [key]: e.target.value })}
                  />
                </Field>
              ))}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setBanks(banks.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" /> {t('removeBank')}
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={banks.length >= RECEIVING_BANKS_MAX}
            onClick={() => setBanks([...banks, newBank()])}
          >
            <Plus aria-hidden="true" /> {t('addBank')}
          </Button>
        </fieldset>
        {errors.wallets && (
          <p role="alert" className="text-sm text-destructive">
            {errors.wallets}
          </p>
        )}
        {errors.banks && (
          <p role="alert" className="text-sm text-destructive">
            {errors.banks}
          </p>
        )}
        <Button type="submit" disabled={save.isPending || saved.isLoading}>
          {save.isPending ? t('saving') : t('saveReceiving')}
        </Button>
      </form>
    </SectionCard>
  );
}
