import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { apiTextMessage } from '../../../shared/api/messages';
import { currentLocale } from '../../../shared/i18n/i18n';
import { formatNumberIn } from '../../../shared/i18n/format';
import { t, type AdminMessage } from '../messages';

/** The contract's field messages of the admin's forms (English, the API's own), by their text. */
const FIELD_MESSAGES: Record<string, AdminMessage> = {
  'Product name is required': 'vProductName',
  'Please select a product': 'vSelectProduct',
  'Variant name is required': 'vVariantName',
  'Price is required': 'vPriceRequired',
  'Please enter a valid price': 'vValidPrice',
  'Please select a variant': 'pleaseSelectVariant',
  'Code is required': 'vCodeRequired',
  'Code must not contain control characters': 'vCodeControl',
  'Display order must be a number': 'vOrderNumber',
  'Display order must be a whole number': 'vOrderWhole',
  'Please choose the account fields': 'vAccountFields',
  'Not a valid regular expression': 'vRegex',
  'Redeem link must be an https:// address': 'vRedeemUrl',
  'Category name is required': 'categoryRequired',
};
const FIELD_LIMITS: Array<[RegExp, AdminMessage]> = [
  [/^Must be at most (\d+) characters$/, 'vMaxChars'],
  [/^Each step must be at most (\d+) characters$/, 'vStepMaxChars'],
  [/^At most (\d+) steps$/, 'vMaxSteps'],
  [/^Code must be at most (\d+) characters$/, 'vCodeMax'],
];

/**
 * A field message in the page's language: this catalogue's, else the API's (the same contract
 * texts); one neither knows stays as it is.
 */
export function localizeFieldMessage(message: string): string {
  const key = FIELD_MESSAGES[message];
  if (key) return t(key, { prefix: 'https://' });
  for (const [pattern, limitKey] of FIELD_LIMITS) {
    const found = pattern.exec(message);
    // English keeps the contract's digits as they are (no grouping): the same text the API sends.
    if (found)
      return t(limitKey, {
        max: currentLocale() === 'bn' ? formatNumberIn('bn', Number(found[1])) : found[1],
      });
  }
  return apiTextMessage(message);
}

/** First message per field path of a failed parse (same shape as the API's `fields`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** fieldErrors in the page's language, for the forms that keep their own error state. */
export function localizedFieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([key, text]) => [key, localizeFieldMessage(text)]),
  );
}

/**
 * Form state checked with the SAME zod body schema the API validates with (contract/), so the
 * messages shown under the fields are the server's. `toInput` turns what the admin typed (taka
 * text, date-time-local text) into the request body; `submit` returns that body when valid.
 */
export function useSchemaForm<V extends Record<string, unknown>, B>(
  schema: z.ZodType,
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
