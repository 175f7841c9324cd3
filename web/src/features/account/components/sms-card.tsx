import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorMessage } from '../../../shared/api/client';
import { useMe } from '../../../shared/api/site';
import { Button } from '../../../shared/ui/button';
import { TitledCard } from '../../../shared/ui/card';
import { toast } from '../../../shared/ui/sonner';
import { refreshMe } from '../api';
import { t, useT } from '../messages';
import { CodeField, TextField } from './text-field';

/**
 * SMS beside email (docs/notifications.md, "SMS"): the buyer adds a mobile number, types the
 * 6-digit code the shop sends it, and from then on turns SMS on or off. The sign-up phone is not
 * used for SMS: only a number whose code came back.
 */
export function SmsCard() {
  const tr = useT();
  const me = useMe();
  const client = useQueryClient();
  const verified = me.data?.sms_phone ?? null;
  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const ask = useMutation({
    mutationFn: (number: string) => call('startPhoneVerification', { body: { phone: number } }),
    onSuccess: (res) => {
      setSentTo(res.phone);
      setCode('');
    },
    onError: (error) =>
      toast.error(t('error'), { description: errorMessage(error) || t('couldNotSendCode') }),
  });
  const confirm = useMutation({
    mutationFn: (value: string) => call('verifyPhone', { body: { code: value } }),
    onSuccess: async () => {
      toast.success(t('success'), { description: t('phoneVerified') });
      setSentTo(null);
      setChanging(false);
      setPhone('');
      await refreshMe(client);
    },
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) || t('couldNotVerify') }),
  });
  const save = useMutation({
    mutationFn: (on: boolean) => call('putSmsPreference', { body: { on } }),
    onSuccess: async () => {
      toast.success(t('success'), { description: t('smsSaved') });
      await refreshMe(client);
    },
    onError: (error) => toast.error(t('error'), { description: errorMessage(error) || t('couldNotSave') }),
  });

  const onAsk = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate(phone);
  };
  const onConfirm = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code);
  };
  const checked = save.isPending ? save.variables : (me.data?.sms_on ?? false);

  return (
    <TitledCard title={tr('smsTitle')} className="space-y-3 text-sm">
      {verified && !changing ? (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="text-muted-foreground">{tr('smsVerifiedNumber')}</span>
            <span className="font-medium" data-testid="sms-phone">
              {verified}
            </span>
          </div>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-violet-600"
              checked={checked}
              disabled={save.isPending}
              onChange={(e) => save.mutate(e.target.checked)}
            />
            <span>{tr('smsOnLabel')}</span>
          </label>
          <Button type="button" variant="outline" size="sm" onClick={() => setChanging(true)}>
            {tr('changeNumber')}
          </Button>
        </>
      ) : sentTo ? (
        <form className="space-y-3" onSubmit={onConfirm}>
          <p className="text-muted-foreground">{tr('smsCodeSent', { phone: sentTo })}</p>
          <CodeField id="sms-code" label={tr('smsCode')} value={code} onCode={setCode} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending || code.length !== 6}>
              {confirm.isPending ? tr('checking') : tr('verify')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={ask.isPending}
              onClick={() => ask.mutate(sentTo)}
            >
              {tr('resendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form className="space-y-3" onSubmit={onAsk}>
          <p className="text-muted-foreground">{tr('smsIntro')}</p>
          <TextField
            id="sms-phone"
            label={tr('smsPhone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            digits="phone"
            placeholder={tr('smsPhonePlaceholder')}
            value={phone}
            onValue={setPhone}
            required
          />
          <Button type="submit" disabled={ask.isPending || !me.data}>
            {ask.isPending ? tr('sending') : tr('sendCode')}
          </Button>
        </form>
      )}
    </TitledCard>
  );
}
