import type { RouteName } from '@khelaghor/contract/routes/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { ApiError } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { notifyError, notifySuccess } from '../lib/notify';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './kit';
import { refreshAdmin } from '../api';
import { t, useT } from '../messages';

/**
 * The admin list/create/edit/delete scaffolding shared by the sections; each keeps its own columns,
 * fields and texts (passed in already translated). Its own words (Save, Delete, the toasts) are here.
 */

/** A mutation that toasts `success`, refreshes the admin queries under `refresh` and toasts the server's error. */
export function useAdminMutation<I, R = unknown>(
  mutationFn: (input: I) => Promise<R>,
  opts: {
    success: string | ((input: I, result: R) => string);
    /** The routes whose queries to refetch; every admin query by default. */
    refresh?: readonly RouteName[];
    errorPrefix?: string;
    onSuccess?: (input: I, result: R) => void;
    onError?: (error: unknown) => void;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      notifySuccess(typeof opts.success === 'string' ? opts.success : opts.success(input, result));
      opts.onSuccess?.(input, result);
      void refreshAdmin(queryClient, opts.refresh);
    },
    onError: (error) => {
      opts.onError?.(error);
      notifyError(error, opts.errorPrefix);
    },
  });
}

/**
 * Create/edit/delete of one kind of row: which row the dialog edits ('new' for a create), the field
 * errors the server sent back, and the spec's toasts '<noun> created/updated/deleted successfully'
 * (`noun` in the page's language).
 */
export function useCrud<T extends { id: string }, B>(opts: {
  noun: string;
  create: (body: B) => Promise<unknown>;
  update: (id: string, body: B) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
  refresh?: readonly RouteName[];
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const isEdit = editing !== null && editing !== 'new';
  const save = useAdminMutation(
    (body: B) => (editing && editing !== 'new' ? opts.update(editing.id, body) : opts.create(body)),
    {
      success: () => t(isEdit ? 'nounUpdated' : 'nounCreated', { noun: opts.noun }),
      refresh: opts.refresh,
      onSuccess: () => setEditing(null),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setServerErrors(apiFieldMessages(error));
      },
    },
  );
  const remove = useAdminMutation(opts.remove, {
    success: () => t('nounDeleted', { noun: opts.noun }),
    refresh: opts.refresh,
  });
  const open = (row: T | 'new') => {
    setServerErrors(undefined);
    setEditing(row);
  };
  return {
    noun: opts.noun,
    editing,
    isEdit,
    open,
    close: () => setEditing(null),
    serverErrors,
    save,
    remove,
  };
}

export type Crud<T extends { id: string }, B> = ReturnType<typeof useCrud<T, B>>;

/** The 'Create <noun>' / 'Edit <noun>' dialog; `children` renders the form for the row (undefined for a create). */
export function CrudDialog<T extends { id: string }, B>({
  crud,
  children,
}: {
  crud: Crud<T, B>;
  children: (
    row: T | undefined,
    form: { pending: boolean; serverErrors?: Record<string, string>; onSubmit: (body: B) => void },
  ) => ReactNode;
}) {
  const { editing } = crud;
  const tr = useT();
  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(o) => !o && crud.close()}
      title={tr(crud.isEdit ? 'editNoun' : 'createNoun', { noun: crud.noun })}
    >
      {editing !== null && (
        // A new key per row so the form starts from that row's values.
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {children(editing === 'new' ? undefined : editing, {
            pending: crud.save.isPending,
            serverErrors: crud.serverErrors,
            onSubmit: (body) => crud.save.mutate(body),
          })}
        </Fragment>
      )}
    </FormDialog>
  );
}

/** What CrudDialog gives a section's form, and the row's values when it edits one. */
export interface CrudFormProps<V, B> {
  initial?: V;
  pending: boolean;
  onSubmit: (body: B) => void;
  serverErrors?: Record<string, string>;
}

/** A create/edit form: the schema's messages instead of the browser's, then the submit button. */
export function CrudForm({
  onSubmit,
  pending,
  submitText,
  children,
}: {
  onSubmit: () => void;
  pending: boolean;
  submitText: string;
  children: ReactNode;
}) {
  const tr = useT();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
      className="flex flex-col gap-3"
    >
      {children}
      <Button type="submit" disabled={pending}>
        {pending ? tr('saving') : submitText}
      </Button>
    </form>
  );
}

export function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" /> {children}
    </Button>
  );
}

/** The spec's 'Are you sure?' (plus `confirmExtra`) in the app's dialog before `onConfirm`; the dialog's button says `confirmText` (default: Delete). */
export function DeleteButton({
  label,
  disabled,
  confirmExtra,
  confirmText,
  onConfirm,
}: {
  label: string;
  disabled: boolean;
  confirmExtra?: string;
  confirmText?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const tr = useT();
  return (
    <>
      <Button
        size="icon"
        variant="ghost"
        aria-label={label}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        <Trash2 aria-hidden="true" className="text-destructive" />
      </Button>
      <ConfirmDialog
        open={asking}
        title={tr('areYouSure')}
        description={tr('confirmQuestion', { question: label, extra: confirmExtra ?? tr('cannotBeUndone') })}
        confirmText={confirmText ?? tr('delete')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}

/** The edit (pencil) and delete (bin) buttons of a row, labelled '<verb> <name>' (Bangla: '<name> <verb>'). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting,
  confirmExtra,
  editVerb,
  deleteVerb,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  confirmExtra?: string;
  editVerb?: string;
  deleteVerb?: string;
}) {
  const tr = useT();
  const edit = editVerb ?? tr('edit');
  const remove = deleteVerb ?? tr('delete');
  return (
    <div className="flex gap-1">
      <Button size="icon" variant="ghost" aria-label={tr('verbName', { verb: edit, name })} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <DeleteButton
        label={tr('verbName', { verb: remove, name })}
        disabled={deleting}
        confirmExtra={confirmExtra}
        confirmText={remove}
        onConfirm={onDelete}
      />
    </div>
  );
}
