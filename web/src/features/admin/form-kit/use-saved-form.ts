import type { RouteName } from '@khelaghor/contract/routes/index';
import { useEffect, useState } from 'react';
import type * as z from '@khelaghor/contract/zod';
import { ApiError } from '../../../shared/api/client';
import { apiFieldMessages } from '../../../shared/api/messages';
import { useAdminMutation } from '../components/crud';
import { useKitForm } from './use-kit-form';

/**
 * A settings form over one saved record (site settings, alerts, a page): it starts from what the
 * server has (`saved`, once loaded, through `fromSaved`), sends a valid body with `save`, toasts
 * `success`, and keeps the field errors of a 4xx under their fields.
 */
export function useSavedForm<V extends Record<string, unknown>, B, S, R = unknown>(opts: {
  schema: z.ZodMiniType;
  id: string;
  empty: V;
  saved: S | undefined;
  fromSaved: (saved: S) => V;
  toInput: (values: V) => B;
  save: (body: B) => Promise<R>;
  success: string;
  refresh?: readonly RouteName[];
  onSuccess?: (body: B, result: R) => void;
}) {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const mutation = useAdminMutation(opts.save, {
    success: opts.success,
    refresh: opts.refresh,
    onSuccess: opts.onSuccess,
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setServerErrors(apiFieldMessages(error));
    },
  });
  const form = useKitForm(opts.schema, opts.empty, opts.toInput, {
    id: opts.id,
    serverErrors,
    pending: mutation.isPending,
  });
  const { saved, fromSaved } = opts;
  const { reset } = form;
  useEffect(() => {
    if (saved) reset(fromSaved(saved));
    // A new answer from the server starts the form again; `fromSaved` is the caller's inline mapping.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, reset]);
  return {
    ...form,
    /** Sends the body the schema accepted; the last answer's field errors go. */
    onValid: (body: B) => {
      setServerErrors(undefined);
      mutation.mutate(body);
    },
  };
}
