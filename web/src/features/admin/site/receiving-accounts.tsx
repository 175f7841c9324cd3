import { GATEWAY_METHODS } from '@khelaghor/contract/facts';
import {
  RECEIVING_BANKS_MAX,
  RECEIVING_WALLETS_MAX,
  RECEIVING_WALLET_TYPES,
  ReceivingAccountsBody,
  type ReceivingBank,
  type ReceivingWallet,
} from '@khelaghor/contract/schemas/catalog';
import { Trash2 } from 'lucide-react';
import { call } from '../../../shared/api/client';
import { methodLabel } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Input } from '../../../shared/ui/input';
import { useAdminGet } from '../hooks/use-admin-queries';
import { KitForm, useSavedForm } from '../form-kit';
import { AddRowButton, Field, NativeSelect, Options, SectionCard } from '../components/kit';
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
  const form = useSavedForm({
    schema: ReceivingAccountsBody,
    id: 'receiving',
    empty: { wallets: [] as ReceivingWallet[], banks: [] as Bank[] },
    saved: saved.data?.accounts,
    fromSaved: (a) => ({ wallets: a.wallets, banks: a.banks.map((b) => ({ ...b, branch: b.branch ?? '' })) }),
    toInput: (values) => values,
    save: (body) => call('adminPutReceivingAccounts', { body }),
    success: t('receivingSaved'),
    refresh: ['adminGetReceivingAccounts'],
  });
  const { wallets, banks } = form.values;
  const errors = form.errors;
  const setWallets = (next: ReceivingWallet[]) => form.set('wallets', next);
  const setBanks = (next: Bank[]) => form.set('banks', next);
  const setWallet = (i: number, patch: Partial<ReceivingWallet>) =>
    setWallets(wallets.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const setBank = (i: number, patch: Partial<Bank>) =>
    setBanks(banks.map((b, j) => (j === i ? { ...b, ...patch } : b)));

  return (
    <SectionCard title={t('receivingAccounts')} description={t('receivingDescription')}>
      <KitForm form={form} submitText={t('saveReceiving')} onValid={form.onValid} disabled={saved.isLoading}>
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
                  <Options values={GATEWAY_METHODS} label={methodLabel} />
                </NativeSelect>
              </Field>
              <Field id={`rw-number-${i}`} label={t('number')} error={errors[`wallets.${i}.number`]}>
                <DigitInput
                  id={`rw-number-${i}`}
                  digits="digits"
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
                  <Options values={RECEIVING_WALLET_TYPES} label={(type) => t(TYPE_LABELS[type])} />
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
          <AddRowButton
            disabled={wallets.length >= RECEIVING_WALLETS_MAX}
            onClick={() => setWallets([...wallets, newWallet()])}
          >
            {t('addWallet')}
          </AddRowButton>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('bankAccounts')}</legend>
          {banks.length === 0 && <p className="text-sm text-muted-foreground">{t('noBanks')}</p>}
          {banks.map((b, i) => (
            <div key={i} className="grid items-end gap-2 rounded-md border p-2 sm:grid-cols-2">
              {BANK_FIELDS.map(([key, label]) => (
                <Field key={key} id={`rb-${key}-${i}`} label={t(label)} error={errors[`banks.${i}.${key}`]}>
                  {key === 'account_number' ? (
                    <DigitInput
                      id={`rb-${key}-${i}`}
                      digits="phone"
                      value={b[key]}
                      onChange={(e) => setBank(i, { [key]: e.target.value })}
                    />
                  ) : (
                    <Input
                      id={`rb-${key}-${i}`}
                      value={b[key]}
                      onChange={(e) => setBank(i, { [key]: e.target.value })}
                    />
                  )}
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
          <AddRowButton
            disabled={banks.length >= RECEIVING_BANKS_MAX}
            onClick={() => setBanks([...banks, newBank()])}
          >
            {t('addBank')}
          </AddRowButton>
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
      </KitForm>
    </SectionCard>
  );
}
