import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The Fulfilment section: the operator's queue and the suppliers' health. */
export const { useT, t } = defineMessages('adminFulfilment', en, bn);
