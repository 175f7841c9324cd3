import { AnnouncementBody, type Announcement } from '@khelaghor/contract/schemas/catalog';
import { Badge } from '../../../shared/ui/badge';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, CrudForm, RowActions, useCrud } from '../components/crud';
import { Checkbox, Field, ListTable, SectionCard } from '../components/kit';
import { useFormat } from '../../../shared/i18n/format';
import { isoToLocalInput, localInputToIso } from '../lib/format';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';
import { useT as useAdminT } from '../messages';
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
const toInput = (v: AnnouncementValues) => ({
  title: v.title,
  message: v.message,
  title_bn: v.title_bn || null,
  message_bn: v.message_bn || null,
  is_active: v.is_active,
  expires_at: v.expires_at ? (localInputToIso(v.expires_at) ?? v.expires_at) : null,
});

export function AnnouncementForm({
  initial,
  pending,
  onSubmit,
  serverErrors,
}: {
  initial?: AnnouncementValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const t = useT();
  const tr = useAdminT();
  const form = useSchemaForm(
    AnnouncementBody,
    initial ?? { title: '', message: '', title_bn: '', message_bn: '', is_active: true, expires_at: '' },
    toInput,
  );
  const errors = { ...serverErrors, ...form.errors };
  return (
    <CrudForm
      pending={pending}
      submitText={initial ? t('updateAnnouncement') : t('createAnnouncement')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field id="ann-title" label={t('title')} error={errors.title}>
        <Input id="ann-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} />
      </Field>
      <Field id="ann-message" label={t('message')} error={errors.message}>
        <Textarea
          id="ann-message"
          value={form.values.message}
          onChange={(e) => form.set('message', e.target.value)}
        />
      </Field>
      <Field id="ann-title-bn" label={t('titleBn')} error={errors.title_bn} hint={tr('bnHint')}>
        <Input
          id="ann-title-bn"
          lang="bn"
          value={form.values.title_bn}
          onChange={(e) => form.set('title_bn', e.target.value)}
        />
      </Field>
      <Field id="ann-message-bn" label={t('messageBn')} error={errors.message_bn}>
        <Textarea
          id="ann-message-bn"
          lang="bn"
          value={form.values.message_bn}
          onChange={(e) => form.set('message_bn', e.target.value)}
        />
      </Field>
      <Field id="ann-expires" label={t('expiresAt')} error={errors.expires_at}>
        <Input
          id="ann-expires"
          type="datetime-local"
          value={form.values.expires_at}
          onChange={(e) => form.set('expires_at', e.target.value)}
        />
      </Field>
      <Checkbox
        id="ann-active"
        label={t('active')}
        checked={form.values.is_active}
        onChange={(e) => form.set('is_active', e.target.checked)}
      />
    </CrudForm>
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
      <ListTable
        columns={[t('title'), t('message'), t('status'), t('colExpires'), t('created'), t('actions')]}
        loading={list.isLoading}
        items={list.data?.items ?? []}
        empty={t('noAnnouncements')}
        row={(a) => {
          const expired = a.expires_at !== null && a.expires_at <= now;
          return (
            <tr key={a.id} className="border-t">
              <td className="font-medium">{a.title}</td>
              <td className="max-w-64 truncate">{a.message}</td>
              <td>
                {expired ? (
                  <Badge variant="destructive">{t('expired')}</Badge>
                ) : a.is_active ? (
                  <Badge variant="secondary">{t('active')}</Badge>
                ) : (
                  <Badge variant="outline">{t('inactive')}</Badge>
                )}
              </td>
              <td className="whitespace-nowrap">{a.expires_at ? date(a.expires_at) : t('never')}</td>
              <td className="whitespace-nowrap">{date(a.created_at)}</td>
              <td>
                <RowActions
                  name={a.title}
                  onEdit={() => crud.open(a)}
                  onDelete={() => crud.remove.mutate(a.id)}
                  deleting={crud.remove.isPending}
                />
              </td>
            </tr>
          );
        }}
      />
      <CrudDialog crud={crud}>
        {(a, form) => (
          <AnnouncementForm
            {...form}
            initial={
              a && {
                title: a.title,
                message: a.message,
                title_bn: a.title_bn ?? '',
                message_bn: a.message_bn ?? '',
                is_active: a.is_active,
                expires_at: isoToLocalInput(a.expires_at),
              }
            }
          />
        )}
      </CrudDialog>
    </SectionCard>
  );
}
