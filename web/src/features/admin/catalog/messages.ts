import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The variant form's fulfilment fields (issue 31). */
export const { useT: useFulfilmentT } = defineMessages('adminVariantFulfilment', en, bn);
