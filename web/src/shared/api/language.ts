import type { Locale } from '../i18n/locale';
import { call } from './client';

/**
 * Save the buyer's language on their account (PUT /api/me/language), so the shop's emails come in
 * it. The coordinator calls it on each switch (after sign-in only for an account without one); signed out (401) or offline it
 * does nothing: the language stays remembered on the device, and is saved at the next sign-in.
 */
export async function saveLanguage(locale: Locale): Promise<boolean> {
  try {
    await call('putLanguage', { body: { language: locale } });
    return true;
  } catch {
    return false;
  }
}
