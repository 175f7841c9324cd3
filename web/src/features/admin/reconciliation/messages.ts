import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The Reconciliation section: a day's breaks between the shop's books and the other side. */
export const { useT, t } = defineMessages('adminReconciliation', en, bn);
