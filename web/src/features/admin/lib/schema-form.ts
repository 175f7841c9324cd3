import { useCallback, useState } from 'react';
import type * as z from '@khelaghor/contract/zod';
import { apiTextMessage } from '../../../shared/api/messages';

/**
 * A field message in the page's language: the contract's texts are the API's catalogue
 * (shared/api/messages.ts), whether the server or the browser found the problem; one it does not
 * know stays as it is.
 */
export const localizeFieldMessage = apiTextMessage;

/** First message per field path of a failed parse (same shape as the API's `fields`). */
function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * Form state checked with the SAME zod body schema the API validates with (contract/), so the
 * messages shown under the fields are the server's. `toInput` turns what the admin typed (taka
 * text, date-time-local text) into the request body; `submit` returns that body when valid.
 */
export function useSchemaForm<V extends Record<string, unknown>, B>(
  schema: z.ZodMiniType,
  initial: V,
  toInput: (values: V) => B,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  }, []);
  const reset = useCallback((next: V) => {
    setValues(next);
    setErrors({});
  }, []);
  const submit = (): B | undefined => {
    const input = toInput(values);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return undefined;
    }
    setErrors({});
    return input;
  };
  /** Passes the body on only when it is valid. */
  const submitTo = (onValid: (body: B) => void): void => {
    const body = submit();
    if (body) onValid(body);
  };
  // Translated when shown, so a language switch changes the messages already on screen.
  const shown = Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [key, localizeFieldMessage(text)]),
  );
  return { values, set, errors: shown, setErrors, reset, submit, submitTo };
}
