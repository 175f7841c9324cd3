import { SlideBody, type Slide } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { ApiError, call } from '../../lib/api';
import { Checkbox, DataTable, EmptyRow, Field, FormDialog, LoadingRows, SectionCard, THead } from '../components/kit';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';
import { useSchemaForm } from '../lib/schema-form';

interface SlideValues extends Record<string, unknown> {
  title: string;
  subtitle: string;
  image_url: string;
  link_url: string;
  is_active: boolean;
  display_order: string;
}
const toInput = (v: SlideValues) => ({
  title: v.title,
  subtitle: v.subtitle || null,
  image_url: v.image_url,
  link_url: v.link_url || null,
  is_active: v.is_active,
  display_order: v.display_order === '' ? 0 : Number(v.display_order),
});

export function SlideForm({ initial, pending, onSubmit, serverErrors }: {
  initial?: SlideValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const form = useSchemaForm(
    SlideBody,
    initial ?? { title: '', subtitle: '', image_url: '', link_url: '', is_active: true, display_order: '0' },
    toInput,
  );
  const errors = { ...serverErrors, ...form.errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="slide-title" label="Title" error={errors.title}>
        <Input id="slide-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} />
      </Field>
      <Field id="slide-subtitle" label="Subtitle" error={errors.subtitle}>
        <Input id="slide-subtitle" value={form.values.subtitle} onChange={(e) => form.set('subtitle', e.target.value)} />
      </Field>
      <Field id="slide-image" label="Image URL" error={errors.image_url}>
        <Input id="slide-image" value={form.values.image_url} onChange={(e) => form.set('image_url', e.target.value)} />
      </Field>
      <Field id="slide-link" label="Link URL" error={errors.link_url}>
        <Input id="slide-link" value={form.values.link_url} onChange={(e) => form.set('link_url', e.target.value)} />
      </Field>
      <Field id="slide-order" label="Display order" error={errors.display_order}>
        <Input id="slide-order" type="number" min={0} step={1} value={form.values.display_order} onChange={(e) => form.set('display_order', e.target.value)} />
      </Field>
      <Checkbox id="slide-active" label="Active" checked={form.values.is_active} onChange={(e) => form.set('is_active', e.target.checked)} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : initial ? 'Update Slider' : 'Create Slider'}
      </Button>
    </form>
  );
}

export default function HeroSection() {
  const slides = useAdminGet('adminListSlides');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Slide | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const items = [...(slides.data?.items ?? [])].sort((a, b) => a.display_order - b.display_order);
  const isEdit = editing !== null && editing !== 'new';

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toInput>) =>
      editing && editing !== 'new' ? call('adminUpdateSlide', { params: { id: editing.id }, body }) : call('adminCreateSlide', { body }),
    onSuccess: () => {
      notifySuccess(isEdit ? 'Slider updated successfully' : 'Slider created successfully');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListSlides'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notifyError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('adminDeleteSlide', { params: { id } }),
    onSuccess: () => {
      notifySuccess('Slider deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListSlides'] });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <SectionCard
      title="Hero Slider"
      description="Banner slides on the home page, by display order."
      actions={
        <Button onClick={() => { setServerErrors(undefined); setEditing('new'); }}>
          <Plus aria-hidden="true" /> Add Slider
        </Button>
      }
    >
      <DataTable>
        <THead columns={['Image', 'Title', 'Link', 'Status', 'Order', 'Actions']} />
        <tbody>
          {slides.isLoading ? (
            <LoadingRows colSpan={6} />
          ) : items.length === 0 ? (
            <EmptyRow colSpan={6} text="No slides yet" />
          ) : (
            items.map((s) => (
              <tr key={s.id} className="border-t">
                <td>
                  <img src={s.image_url} alt="" className="h-10 w-20 rounded object-cover" loading="lazy" />
                </td>
                <td>
                  <div className="font-medium">{s.title}</div>
                  <div className="text-xs text-muted-foreground">{s.subtitle}</div>
                </td>
                <td className="max-w-48 truncate">{s.link_url}</td>
                <td>{s.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}</td>
                <td>{s.display_order}</td>
                <td>
                  <div className="flex gap-1">
                    <Button size="icon" variant="ghost" aria-label={`Edit ${s.title}`} onClick={() => { setServerErrors(undefined); setEditing(s); }}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button size="icon" variant="ghost" aria-label={`Delete ${s.title}`} disabled={remove.isPending} onClick={() => confirmDelete() && remove.mutate(s.id)}>
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={isEdit ? 'Edit Slider' : 'Create Slider'}>
        {editing !== null && (
          <SlideForm
            key={editing === 'new' ? 'new' : editing.id}
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(body) => save.mutate(body)}
            initial={
              editing === 'new'
                ? undefined
                : {
                    title: editing.title,
                    subtitle: editing.subtitle ?? '',
                    image_url: editing.image_url,
                    link_url: editing.link_url ?? '',
                    is_active: editing.is_active,
                    display_order: String(editing.display_order),
                  }
            }
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
