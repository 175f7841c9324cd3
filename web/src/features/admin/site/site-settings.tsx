import { SiteSettingsBody } from '@khelaghor/contract/schemas/catalog';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { ApiError, call } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { useAdminGet } from '../hooks/use-admin-queries';
import { localizedFieldErrors } from '../lib/schema-form';
import { useAdminMutation } from '../components/crud';
import { Field, SectionCard } from '../components/kit';
import { ReceivingAccountsCard } from './receiving-accounts';
import { useT } from '../settings/messages';

const FIELDS = [
  ['brand_name', 'brandName'],
  ['logo_url', 'logoUrl'],
  ['support_whatsapp', 'supportWhatsapp'],
  ['hotline', 'hotline'],
  ['telegram_url', 'telegramUrl'],
  ['whatsapp_community_url', 'whatsappCommunityUrl'],
] as const;
type Key = (typeof FIELDS)[number][0];

/** Brand, logo, support and community links (DESIGN: site settings an admin edits). */
export function SiteSettingsCard() {
  const t = useT();
  const settings = useAdminGet('adminGetSiteSettings');
  const [values, setValues] = useState<Record<Key, string>>({
    brand_name: '',
    logo_url: '',
    support_whatsapp: '',
    hotline: '',
    telegram_url: '',
    whatsapp_community_url: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const s = settings.data?.settings;
    if (s) {
      setValues({
        brand_name: s.brand_name,
        logo_url: s.logo_url ?? '',
        support_whatsapp: s.support_whatsapp ?? '',
        hotline: s.hotline ?? '',
        telegram_url: s.telegram_url ?? '',
        whatsapp_community_url: s.whatsapp_community_url ?? '',
      });
    }
  }, [settings.data]);

  const save = useAdminMutation(() => call('adminPutSiteSettings', { body: values }), {
    success: t('siteSettingsSaved'),
    refresh: ['adminGetSiteSettings'],
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(apiFieldMessages(error));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = SiteSettingsBody.safeParse(values);
    if (!parsed.success) return setErrors(localizedFieldErrors(parsed.error));
    setErrors({});
    save.mutate();
  };

  return (
    <>
      <SectionCard title={t('siteSettings')} description={t('siteSettingsDescription')}>
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map(([key, label]) => (
            <Field key={key} id={`site-${key}`} label={t(label)} error={errors[key]}>
              <Input
                id={`site-${key}`}
                value={values[key]}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
            </Field>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending || settings.isLoading}>
              {save.isPending ? t('saving') : t('saveSettings')}
            </Button>
          </div>
        </form>
      </SectionCard>
      <ReceivingAccountsCard />
    </>
  );
}
