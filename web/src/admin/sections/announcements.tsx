import { AnnouncementBody, type Announcement } from '@khelaghor/contract/schemas/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, call } from '../../lib/api';
import { Checkbox, DataTable, EmptyRow, Field, FormDialog, LoadingRows, SectionCard, THead } from '../components/kit';
import { formatDateTime, isoToLocalInput, localInputToIso } from '../lib/format';
import { confirmDelete, notifyError, notifySuccess } from '../lib/notify';
import { useAdminGet } from '../lib/queries';
import { useSchemaForm } from '../lib/schema-form';

interface AnnouncementValues extends Record<string, unknown> {
  title: string;
  message: string;
  is_active: boolean;
  /** datetime-local text; empty is sent as null (no expiry). */
  expires_at: string;
}
const toInput = (v: AnnouncementValues) => ({
  title: v.title,
  message: v.message,
  is_active: v.is_active,
  expires_at: v.expires_at ? (localInputToIso(v.expires_at) ?? v.expires_at) : null,
});

export function AnnouncementForm({ initial, pending, onSubmit, serverErrors }: {
  initial?: AnnouncementValues;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toInput>) => void;
  serverErrors?: Record<string, string>;
}) {
  const form = useSchemaForm(AnnouncementBody, initial ?? { title: '', message: '', is_active: true, expires_at: '' }, toInput);
  const errors = { ...serverErrors, ...form.errors };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) onSubmit(body);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field id="ann-title" label="Title" error={errors.title}>
        <Input id="ann-title" value={form.values.title} onChange={(e) => form.set('title', e.target.value)} />
      </Field>
      <Field id="ann-message" label="Message" error={errors.message}>
        <Textarea id="ann-message" value={form.values.message} onChange={(e) => form.set('message', e.target.value)} />
      </Field>
      <Field id="ann-expires" label="Expires at (optional)" error={errors.expires_at}>
        <Input id="ann-expires" type="datetime-local" value={form.values.expires_at} onChange={(e) => form.set('expires_at', e.target.value)} />
      </Field>
      <Checkbox id="ann-active" label="Active" checked={form.values.is_active} onChange={(e) => form.set('is_active', e.target.checked)} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : initial ? 'Update Announcement' : 'Create Announcement'}
      </Button>
    </form>
  );
}

export default function AnnouncementsSection() {
  const list = useAdminGet('adminListAnnouncements');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const items = list.data?.items ?? [];
  const isEdit = editing !== null && editing !== 'new';
  const now = new Date().toISOString();

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof toInput>) =>
      editing && editing !== 'new'
        ? call('adminUpdateAnnouncement', { params: { id: editing.id }, body })
        : call('adminCreateAnnouncement', { body }),
    onSuccess: () => {
      notifySuccess(isEdit ? 'Announcement updated successfully' : 'Announcement created successfully');
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListAnnouncements'] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
      notifyError(error);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => call('adminDeleteAnnouncement', { params: { id } }),
    onSuccess: () => {
      notifySuccess('Announcement deleted successfully');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'adminListAnnouncements'] });
    },
    onError: (error) => notifyError(error),
  });

  return (
    <SectionCard
      title="Popups"
      description="Announcement popups. The home page shows the newest active one that has not expired."
      actions={
        <Button onClick={() => { setServerErrors(undefined); setEditing('new'); }}>
          <Plus aria-hidden="true" /> Add Popup
        </Button>
      }
    >
      <DataTable>
        <THead columns={['Title', 'Message', 'Status', 'Expires', 'Created', 'Actions']} />
        <tbody>
          {list.isLoading ? (
            <LoadingRows colSpan={6} />
          ) : items.length === 0 ? (
            <EmptyRow colSpan={6} text="No announcements yet" />
          ) : (
            items.map((a) => {
              const expired = a.expires_at !== null && a.expires_at <= now;
              return (
                <tr key={a.id} className="border-t">
                  <td className="font-medium">{a.title}</td>
                  <td className="max-w-64 truncate">{a.message}</td>
                  <td>
                    {expired ? <Badge variant="destructive">Expired</Badge> : a.is_active ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Inactive</Badge>}
                  </td>
                  <td className="whitespace-nowrap">{a.expires_at ? formatDateTime(a.expires_at) : 'Never'}</td>
                  <td className="whitespace-nowrap">{formatDateTime(a.created_at)}</td>
                  <td>
                    <div className="flex gap-1">
                      <Button size="icon" variant="ghost" aria-label={`Edit ${a.title}`} onClick={() => { setServerErrors(undefined); setEditing(a); }}>
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button size="icon" variant="ghost" aria-label={`Delete ${a.title}`} disabled={remove.isPending} onClick={() => confirmDelete() && remove.mutate(a.id)}>
                        <Trash2 aria-hidden="true" className="text-destructive" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </DataTable>
      <FormDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={isEdit ? 'Edit Announcement' : 'Create Announcement'}>
        {editing !== null && (
          <AnnouncementForm
            key={editing === 'new' ? 'new' : editing.id}
            pending={save.isPending}
            serverErrors={serverErrors}
            onSubmit={(body) => save.mutate(body)}
            initial={
              editing === 'new'
                ? undefined
                : { title: editing.title, message: editing.message, is_active: editing.is_active, expires_at: isoToLocalInput(editing.expires_at) }
            }
          />
        )}
      </FormDialog>
    </SectionCard>
  );
}
