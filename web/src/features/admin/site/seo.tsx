import { SeoCreateBody, SeoUpdateBody, type SeoRow } from '@khelaghor/contract/schemas/catalog';
import { Input } from '../../../shared/ui/input';
import { Textarea } from '../../../shared/ui/textarea';
import { call } from '../../../shared/api/client';
import { AddButton, CrudDialog, CrudForm, RowActions, useCrud } from '../components/crud';
import { Field, ListTable, SectionCard } from '../components/kit';
import { NotifySettingsCard } from './notify-settings';
import { SiteSettingsCard } from './site-settings';
import { useFormat } from '../../../shared/i18n/format';
import { useT } from '../settings/messages';
import { useAdminGet } from '../hooks/use-admin-queries';
import { useSchemaForm } from '../lib/schema-form';

export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

interface SeoValues extends Record<string, unknown> {
  page_path: string;
  title: string;
  description: string;
  keywords: string;
  og_image: string;
}
const toCreate = (v: SeoValues) => ({
  page_path: v.page_path,
  title: v.title,
  description: v.description || null,
  keywords: v.keywords || null,
  og_image: v.og_image || null,
});
const toUpdate = (v: SeoValues) => {
  const { page_path: _fixed, ...rest } = toCreate(v);
  return rest;
};

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={value.length > max ? 'text-destructive' : undefined} data-testid="counter">
      {value.length}/{max}
    </span>
  );
}

export function SeoForm({
  initial,
  pending,
  onSubmit,
  serverErrors,
}: {
  /** Editing: page_path is shown but cannot be changed. */
  initial?: SeoValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>) => void;
  serverErrors?: Record<string, string>;
}) {
  const t = useT();
  const editing = Boolean(initial);
  const form = useSchemaForm<SeoValues, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>(
    editing ? SeoUpdateBody : SeoCreateBody,
    initial ?? { page_path: '', title: '', description: '', keywords: '', og_image: '' },
    editing ? toUpdate : toCreate,
  );
  const errors = { ...serverErrors, ...form.errors };
  return (
    <CrudForm
      pending={pending}
      submitText={editing ? t('updateSeo') : t('createSeo')}
      onSubmit={() => form.submitTo(onSubmit)}
    >
      <Field
        id="seo-path"
        label={t('pagePath')}
        error={errors.page_path}
        hint={editing ? t('pagePathFixedHint') : t('pagePathHint', { root: '/', product: '/product/…' })}
      >
        <Input
          id="seo-path"
          value={form.values.page_path}
          disabled={editing}
          readOnly={editing}
          onChange={(e) => form.set('page_path', e.target.value)}
        />
      </Field>
      <Field
        id="seo-title"
        label={
          <>
            {t('title')} <Counter value={form.values.title} max={SEO_TITLE_MAX} />
          </>
        }
        error={errors.title}
      >
        <Input id="seo-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} />
      </Field>
      <Field
        id="seo-description"
        label={
          <>
            {t('description')} <Counter value={form.values.description} max={SEO_DESCRIPTION_MAX} />
          </>
        }
        error={errors.description}
      >
        <Textarea
          id="seo-description"
          value={form.values.description}
          onChange={(e) => form.set('description', e.target.value)}
        />
      </Field>
      <Field id="seo-keywords" label={t('keywords')} error={errors.keywords}>
        <Input
          id="seo-keywords"
          value={form.values.keywords}
          onChange={(e) => form.set('keywords', e.target.value)}
        />
      </Field>
      <Field id="seo-og" label={t('ogImage')} error={errors.og_image}>
        <Input
          id="seo-og"
          value={form.values.og_image}
          onChange={(e) => form.set('og_image', e.target.value)}
        />
      </Field>
    </CrudForm>
  );
}

export default function SeoSection() {
  const t = useT();
  const { date, number } = useFormat();
  const list = useAdminGet('adminListSeo');
  const crud = useCrud<SeoRow, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>({
    noun: t('seoNoun'),
    create: (body) => call('adminCreateSeo', { body: body as ReturnType<typeof toCreate> }),
    update: (id, body) => call('adminUpdateSeo', { params: { id }, body }),
    remove: (id) => call('adminDeleteSeo', { params: { id } }),
    refresh: ['adminListSeo'],
  });

  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={t('seo')}
        description={t('seoDescription', {
          titleMax: number(SEO_TITLE_MAX),
          descriptionMax: number(SEO_DESCRIPTION_MAX),
        })}
        actions={<AddButton onClick={() => crud.open('new')}>{t('addSeo')}</AddButton>}
      >
        <ListTable
          columns={[t('pagePath'), t('title'), t('description'), t('created'), t('actions')]}
          loading={list.isLoading}
          items={list.data?.items ?? []}
          empty={t('noSeo')}
          row={(s) => (
            <tr key={s.id} className="border-t">
              <td className="font-mono">{s.page_path}</td>
              <td>{s.title}</td>
              <td className="max-w-72 truncate">{s.description}</td>
              <td className="whitespace-nowrap">{date(s.created_at)}</td>
              <td>
                <RowActions
                  name={s.page_path}
                  onEdit={() => crud.open(s)}
                  onDelete={() => crud.remove.mutate(s.id)}
                  deleting={crud.remove.isPending}
                />
              </td>
            </tr>
          )}
        />
        <CrudDialog crud={crud}>
          {(s, form) => (
            <SeoForm
              {...form}
              initial={
                s && {
                  page_path: s.page_path,
                  title: s.title,
                  description: s.description ?? '',
                  keywords: s.keywords ?? '',
                  og_image: s.og_image ?? '',
                }
              }
            />
          )}
        </CrudDialog>
      </SectionCard>
      <SiteSettingsCard />
      <NotifySettingsCard />
    </div>
  );
}
