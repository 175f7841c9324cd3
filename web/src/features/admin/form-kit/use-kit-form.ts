import { useCallback, useRef } from 'react';
import type * as z from '@khelaghor/contract/zod';
import { useSchemaForm } from '../lib/schema-form';

export interface KitFormOptions {
  /** The fields' id prefix: field `title_bn` of form 'slide' gets the id 'slide-title-bn'. */
  id: string;
  /** The field errors of the server's last 4xx (apiFieldMessages: already in the page's language). */
  serverErrors?: Record<string, string>;
  /** The request is on its way (the submit button says 'Saving…' and waits). */
  pending?: boolean;
}

/** What a bound field reads and writes of its form. */
export interface BoundForm<V extends Record<string, unknown>> {
  id: string;
  schema: z.ZodMiniType;
  values: V;
  errors: Record<string, string | undefined>;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
}

/**
 * A form's state over the contract's body schema: what was typed (`values`), a message per field
 * (the schema's when the browser finds the problem, else the server's 4xx `fields`; both in the
 * page's language), whether anything changed since the start (`dirty`) and whether it is being sent
 * (`submitting`). `toInput` turns the typed text into the body; `submitTo` passes a valid body on.
 */
export function useKitForm<V extends Record<string, unknown>, B>(
  schema: z.ZodMiniType,
  initial: V,
  toInput: (values: V) => B,
  options: KitFormOptions,
) {
  const form = useSchemaForm(schema, initial, toInput);
  const start = useRef(initial);
  const dirty = Object.keys(form.values).some((key) => form.values[key] !== start.current[key]);
  const resetForm = form.reset;
  /** Start again from `next` (the saved values): not dirty, no messages. */
  const reset = useCallback(
    (next: V) => {
      start.current = next;
      resetForm(next);
    },
    [resetForm],
  );
  return {
    ...form,
    schema,
    id: options.id,
    errors: { ...options.serverErrors, ...form.errors } as Record<string, string | undefined>,
    dirty,
    submitting: options.pending ?? false,
    reset,
  };
}
