import { NotifySettingsBody } from '@khelaghor/contract/schemas/catalog';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { useAdminGet } from '../hooks/use-admin-queries';
import { localizedFieldErrors } from '../lib/schema-form';
import { useAdminMutation } from '../components/crud';
import { Field, SectionCard } from '../components/kit';
import { useT } from '../settings/messages';

const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** Where the shop's alerts go and when a package counts as low on stock (docs/notifications.md). */
export function NotifySettingsCard() {
  const t = useT();
  const settings = useAdminGet('adminGetNotifySettings');
  const [emails, setEmails] = useState('');
  const [level, setLevel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const s = settings.data?.settings;
    if (s) {
      setEmails(s.alert_emails.join(', '));
      setLevel(String(s.low_stock_level));
    }
  }, [settings.data]);

  const body = () => ({
    alert_emails: addresses(emails),
    low_stock_level: level.trim() === '' ? NaN : Number(level),
  });
  const save = useAdminMutation(() => call('adminPutNotifySettings', { body: body() }), {
    success: t('notificationsSaved'),
    refresh: ['adminGetNotifySettings'],
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(apiFieldMessages(error));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = NotifySettingsBody.safeParse(body());
    if (!parsed.success) return setErrors(localizedFieldErrors(parsed.error));
    setErrors({});
    save.mutate();
  };
  const emailError = Object.entries(errors).find(([key]) => key.startsWith('alert_emails'))?.[1];

  return (
    <SectionCard title={t('notifications')} description={t('notificationsDescription')}>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field id="notify-emails" label={t('alertEmails')} error={emailError}>
          <Input
            id="notify-emails"
            type="text"
            inputMode="email"
            placeholder="owner@example.com, ops@example.com"
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
          />
        </Field>
        <Field id="notify-level" label={t('lowStockLevel')} error={errors.low_stock_level}>
          <Input
            id="notify-level"
            type="number"
            min={0}
            value={level}
            onChange={(e) => setLevel(e.target.value)}
          />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending || settings.isLoading}>
            {save.isPending ? t('saving') : t('saveNotifications')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
