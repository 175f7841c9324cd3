import { SiteSettingsBody, type SiteSettings } from '@khelaghor/contract/schemas/catalog';
import { call } from '../../../shared/api/client';
import { useAdminGet } from '../hooks/use-admin-queries';
import { SectionCard } from '../components/kit';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { COUNT, FormField, KitForm, useSavedForm, valuesFrom } from '../form-kit';
import { useT, type SettingsMessage } from '../settings/messages';

const FIELDS = [
  ['brand_name', 'brandName'],
  ['brand_name_bn', 'brandNameBn'],
  ['logo_url', 'logoUrl'],
  ['support_whatsapp', 'supportWhatsapp'],
  ['hotline', 'hotline'],
  ['telegram_url', 'telegramUrl'],
  ['whatsapp_community_url', 'whatsappCommunityUrl'],
] as const satisfies ReadonlyArray<readonly [keyof SiteSettings, SettingsMessage]>;
type Values = Record<(typeof FIELDS)[number][0] | 'send_money_minutes' | 'operator_minutes', string>;
const empty = {
  ...Object.fromEntries(FIELDS.map(([key]) => [key, ''])),
  send_money_minutes: String(DEFAULT_SITE_SETTINGS.send_money_minutes),
  operator_minutes: String(DEFAULT_SITE_SETTINGS.operator_minutes),
} as Values;

/** Minutes as typed; what is not a number stays text so the schema says what is wrong. */
const minutesOf = (minutes: string) =>
  (minutes.trim() === '' || !Number.isFinite(Number(minutes)) ? minutes : Number(minutes)) as number;
const toInput = ({ send_money_minutes, operator_minutes, ...values }: Values) => ({
  ...values,
  send_money_minutes: minutesOf(send_money_minutes),
  operator_minutes: minutesOf(operator_minutes),
});

/**
 * Brand, logo, support and community links, and the time Add Money promises for a Send Money's
 * credit (DESIGN: site settings an admin edits).
 */
export function SiteSettingsCard() {
  const t = useT();
  const settings = useAdminGet('adminGetSiteSettings');
  const form = useSavedForm({
    schema: SiteSettingsBody,
    id: 'site',
    empty,
    saved: settings.data?.settings,
    fromSaved: (s) => valuesFrom(s, empty),
    toInput,
    save: (body) => call('adminPutSiteSettings', { body }),
    success: t('siteSettingsSaved'),
    refresh: ['adminGetSiteSettings'],
  });
  return (
    <>
      <SectionCard title={t('siteSettings')} description={t('siteSettingsDescription')}>
        <KitForm
          form={form}
          submitText={t('saveSettings')}
          onValid={form.onValid}
          disabled={settings.isLoading}
          columns={2}
        >
          {FIELDS.map(([key, label]) => (
            <FormField key={key} form={form} name={key} id={`site-${key}`} label={t(label)} />
          ))}
          <FormField
            form={form}
            name="send_money_minutes"
            id="site-send_money_minutes"
            label={t('sendMoneyMinutes')}
            hint={t('sendMoneyMinutesHint')}
            {...COUNT}
          />
          <FormField
            form={form}
            name="operator_minutes"
            id="site-operator_minutes"
            label={t('operatorMinutes')}
            hint={t('operatorMinutesHint')}
            {...COUNT}
          />
        </KitForm>
      </SectionCard>
    </>
  );
}
