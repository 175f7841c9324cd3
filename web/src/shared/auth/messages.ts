import { defineMessages } from '../i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The sign-in's own errors (amplify-auth.ts, a lazy chunk), in the language of the moment they happen. */
export const { t } = defineMessages('auth', en, bn);
