import { defineMessages } from '../i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** Status and payment method names shown on customer pages (format.ts). */
export const { useT, t } = defineMessages('lib', en, bn);
