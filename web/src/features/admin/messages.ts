import { defineMessages } from '../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

export const { useT, t } = defineMessages('admin', en, bn);

/** A key of the admin catalogue (section titles, status names kept in tables). */
export type AdminMessage = Parameters<typeof t>[0];
