import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The product page's strings: its own catalogue, loaded with the product page's chunk, not with home. */
export const { useT, t } = defineMessages('product', en, bn);
