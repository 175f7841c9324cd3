import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/client';
import { isMfaRequired } from '../mfa/mfa-required';
import { t } from '../messages';

/** The spec's destructive toast: title 'Error' (in the page's language), the server's message as text (optionally prefixed). */
export function notifyError(error: unknown, prefix?: string): void {
  // No authenticator app yet: the enrol screen (mfa/mfa-gate.tsx) says so instead of a toast per call.
  if (isMfaRequired(error)) return;
  const message = errorMessage(error);
  toast.error(t('error'), { description: prefix ? `${prefix}: ${message}` : message });
}

/** A destructive toast with a fixed text (client-side validation). */
export function notifyInvalid(description: string): void {
  toast.error(t('error'), { description });
}

export function notifySuccess(title: string, description?: string): void {
  toast.success(title, description ? { description } : undefined);
}

export function notifyInfo(title: string, description?: string): void {
  toast.info(title, description ? { description } : undefined);
}
