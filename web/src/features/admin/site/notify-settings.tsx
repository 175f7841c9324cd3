import { NotifySettingsBody } from '@khelaghor/contract/schemas/catalog';
import { call } from '../../../shared/api/client';
import { useAdminGet } from '../hooks/use-admin-queries';
import { SectionCard } from '../components/kit';
import { FormField, KitForm, useSavedForm } from '../form-kit';
import { useT } from '../settings/messages';

const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

type Values = { alert_emails: string; low_stock_level: string };
const toInput = (v: Values) => ({
  alert_emails: addresses(v.alert_emails),
  low_stock_level: v.low_stock_level.trim() === '' ? NaN : Number(v.low_stock_level),
});

/** Where the shop's alerts go and when a package counts as low on stock (docs/notifications.md). */
export function NotifySettingsCard() {
  const t = useT();
  const settings = useAdminGet('adminGetNotifySettings');
  const form = useSavedForm({
    schema: NotifySettingsBody,
    id: 'notify',
    empty: { alert_emails: '', low_stock_level: '' },
    saved: settings.data?.settings,
    fromSaved: (s) => ({
      alert_emails: s.alert_emails.join(', '),
      low_stock_level: String(s.low_stock_level),
    }),
    toInput,
    save: (body) => call('adminPutNotifySettings', { body }),
    success: t('notificationsSaved'),
    refresh: ['adminGetNotifySettings'],
  });
  // A message about one address (alert_emails.2) shows under the one field.
  const emailKey = Object.keys(form.errors).find((key) => key.startsWith('alert_emails')) ?? 'alert_emails';
  return (
    <SectionCard title={t('notifications')} description={t('notificationsDescription')}>
      <KitForm
        form={form}
        submitText={t('saveNotifications')}
        onValid={form.onValid}
        disabled={settings.isLoading}
        columns={2}
      >
        <FormField
          form={form}
          name="alert_emails"
          id="notify-emails"
          errorKey={emailKey}
          label={t('alertEmails')}
          type="text"
          inputMode="email"
          placeholder="owner@example.com, ops@example.com"
        />
        <FormField
          form={form}
          name="low_stock_level"
          id="notify-level"
          label={t('lowStockLevel')}
          type="number"
          min={0}
        />
      </KitForm>
    </SectionCard>
  );
}
