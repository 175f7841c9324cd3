import { AnnouncementBody, type Announcement } from '@khelaghor/contract/schemas/catalog';
import { Badge } from '../../../shared/ui/badge';
import { call } from '../../../shared/api/client';
import { AddButton, type CrudFormProps, useCrud } from '../components/crud';
import { CrudTable } from '../components/crud-table';
import { FormField, KitForm, useKitForm, valuesFrom, WHEN } from '../form-kit';
import { ActiveBadge, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { isoToLocalInput, localInputToIso } from '../lib/format';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useT } from '../settings/messages';

interface AnnouncementValues extends Record<string, unknown> {
  title: string;
  message: string;
  /** Bangla title and message (empty: the shop shows the English ones in Bangla too). */
  title_bn: string;
  message_bn: string;
  is_active: boolean;
  /** datetime-local text; empty is sent as null (no expiry). */
  expires_at: string;
}
const empty: AnnouncementValues = {
  title: '',
  message: '',
  title_bn: '',
  message_bn: '',
  is_active: true,
  expires_at: '',
};
const toInput = (v: AnnouncementValues) => ({
  title: v.title,
  message: v.message,
  title_bn: v.title_bn || null,
  message_bn: v.message_bn || null,
  is_active: v.is_active,
  expires_at: v.expires_at ? (localInputToIso(v.expires_at) ?? v.expires_at) : null,
});

function AnnouncementForm(props: CrudFormProps<AnnouncementValues, ReturnType<typeof toInput>>) {
  const t = useT();
  const form = useKitForm(AnnouncementBody, props.initial ?? empty, toInput, { id: 'ann', ...props });
  const submitText = props.initial ? t('updateAnnouncement') : t('createAnnouncement');
  return (
    <KitForm form={form} submitText={submitText} onValid={props.onSubmit}>
      <FormField form={form} name="title" label={t('title')} />
      <FormField form={form} name="message" label={t('message')} as="textarea" />
      <FormField form={form} name="title_bn" label={t('titleBn')} />
      <FormField form={form} name="message_bn" label={t('messageBn')} as="textarea" />
      <FormField form={form} name="expires_at" label={t('expiresAt')} {...WHEN} />
      <FormField form={form} name="is_active" label={t('active')} as="checkbox" />
    </KitForm>
  );
}

export default function AnnouncementsSection() {
  const t = useT();
  const { date } = useFormat();
  const list = useAdminGet('adminListAnnouncements');
  const crud = useCrud<Announcement, ReturnType<typeof toInput>>({
    noun: t('announcementNoun'),
    create: (body) => call('adminCreateAnnouncement', { body }),
    update: (id, body) => call('adminUpdateAnnouncement', { params: { id }, body }),
    remove: (id) => call('adminDeleteAnnouncement', { params: { id } }),
    refresh: ['adminListAnnouncements'],
  });
  const now = new Date().toISOString();

  return (
    <SectionCard
      title={t('popups')}
      description={t('popupsDescription')}
      actions={<AddButton onClick={() => crud.open('new')}>{t('addPopup')}</AddButton>}
    >
      <CrudTable
        crud={crud}
        columns={[t('title'), t('message'), t('status'), t('colExpires'), t('created'), t('actions')]}
        loading={list.isLoading}
        items={list.data?.items ?? []}
        empty={t('noAnnouncements')}
        name={(a) => a.title}
        cells={(a) => (
          <>
            <td className="font-medium">{a.title}</td>
            <td className="max-w-64 truncate">{a.message}</td>
            <td>
              {a.expires_at !== null && a.expires_at <= now ? (
                <Badge variant="destructive">{t('expired')}</Badge>
              ) : (
                <ActiveBadge active={a.is_active} t={t} />
              )}
            </td>
            <td className="whitespace-nowrap">{a.expires_at ? date(a.expires_at) : t('never')}</td>
            <td className="whitespace-nowrap">{date(a.created_at)}</td>
          </>
        )}
        form={(a, form) => (
          <AnnouncementForm
            {...form}
            initial={a && { ...valuesFrom(a, empty), expires_at: isoToLocalInput(a.expires_at) }}
          />
        )}
      />
    </SectionCard>
  );
}
