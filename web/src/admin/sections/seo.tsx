import { SeoCreateBody, SeoUpdateBody, type SeoRow } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, call } from '../../lib/api';
import { DataTable, EmptyRow, Field, FormDialog, LoadingRows, SectionCard, THead } from '../components/kit';
import { SiteSettingsCard } from '../components/site-settings';
import { formatDateTime } from '../lib/format';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';
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

export function SeoForm({ initial, pending, onSubmit, serverErrors }: {
  /** Editing: page_path is shown but cannot be changed. */
  initial?: SeoValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>) => void;
  serverErrors?: Record<string, string>;
}) {
  const editing = Boolean(initial);
  const form = useSchemaForm<SeoValues, ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>>(
    editing ? SeoUpdateBody : SeoCreateBody,
    initial ?? { page_path: '', title: '', description: '', keywords: '', og_image: '' },
    editing ? toUpdate : toCreate,
  );
  const errors = { ...serverErrors, ...form.errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="seo-path" label="Page path" error={errors.page_path} hint={editing ? 'The page path cannot be changed after creation.' : 'For example / or /product/…'}>
        <Input id="seo-path" value={form.values.page_path} disabled={editing} readOnly={editing} onChange={(e) => form.set('page_path', e.target.value)} />
      </Field>
      <Field id="seo-title" label={<>Title <Counter value={form.values.title} max={SEO_TITLE_MAX} /></>} error={errors.title}>
        <Input id="seo-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} />
      </Field>
      <Field id="seo-description" label={<>Description <Counter value={form.values.description} max={SEO_DESCRIPTION_MAX} /></>} error={errors.description}>
        <Textarea id="seo-description" value={form.values.description} onChange={(e) => form.set('description', e.target.value)} />
      </Field>
      <Field id="seo-keywords" label="Keywords" error={errors.keywords}>
        <Input id="seo-keywords" value={form.values.keywords} onChange={(e) => form.set('keywords', e.target.value)} />
      </Field>
      <Field id="seo-og" label="OG image URL" error={errors.og_image}>
        <Input id="seo-og" value={form.values.og_image} onChange={(e) => form.set('og_image', e.target.value)} />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : editing ? 'Update SEO settings' : 'Create SEO settings'}
      </Button>
    </form>
  );
}

export default function SeoSection() {
  const list = useAdminGet('adminListSeo');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SeoRow | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const items = list.data?.items ?? [];
  const isEdit = editing !== null && editing !== 'new';

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toCreate> | ReturnType<typeof toUpdate>) =>
      editing && editing !== 'new'
        ? call('adminUpdateSeo', { params: { id: editing.id }, body })
        : call('adminCreateSeo', { body: body as ReturnType<typeof toCreate> }),
    onSuccess: () => {
      notifySuccess(isEdit ? 'SEO settings updated successfully' : 'SEO settings created successfully');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListSeo'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notifyError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('adminDeleteSeo', { params: { id } }),
    onSuccess: () => {
      notifySuccess('SEO settings deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListSeo'] });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title="SEO"
        description="Title and description per page path (title at most 60, description at most 160 characters)."
        actions={
          <Button onClick={() => { setServerErrors(undefined); setEditing('new'); }}>
            <Plus aria-hidden="true" /> Add SEO settings
          </Button>
        }
      >
        <DataTable>
          <THead columns={['Page path', 'Title', 'Description', 'Created', 'Actions']} />
          <tbody>
            {list.isLoading ? (
              <LoadingRows colSpan={5} />
            ) : items.length === 0 ? (
              <EmptyRow colSpan={5} text="No SEO settings yet" />
            ) : (
              items.map((s) => (
                <tr key={s.id} className="border-t">
                  <td className="font-mono">{s.page_path}</td>
                  <td>{s.title}</td>
                  <td className="max-w-72 truncate">{s.description}</td>
                  <td className="whitespace-nowrap">{formatDateTime(s.created_at)}</td>
                  <td>
                    <div className="flex gap-1">
                      <Button size="icon" variant="ghost" aria-label={`Edit ${s.page_path}`} onClick={() => { setServerErrors(undefined); setEditing(s); }}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button size="icon" variant="ghost" aria-label={`Delete ${s.page_path}`} disabled={remove.isPending} onClick={() => confirmDelete() && remove.mutate(s.id)}>
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </DataTable>
        <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={isEdit ? 'Edit SEO settings' : 'Create SEO settings'}>
          {editing !== null && (
            <SeoForm
              key={editing === 'new' ? 'new' : editing.id}
              pending={save.isPending}
              serverErrors={serverErrors}
              onSubmit={(body) => save.mutate(body)}
              initial={
                editing === 'new'
                  ? undefined
                  : {
                      page_path: editing.page_path,
                      title: editing.title,
                      description: editing.description ?? '',
                      keywords: editing.keywords ?? '',
                      og_image: editing.og_image ?? '',
                    }
              }
            />
          )}
        </FormDialog>
      </SectionCard>
      <SiteSettingsCard />
    </div>
  );
}
