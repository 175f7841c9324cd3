import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The Orders section's own words (the Refunds dialog's answers); the rest are the admin catalogue's. */
export const { t } = defineMessages('adminOrders', en, bn);
