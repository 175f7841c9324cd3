import { defineMessages } from '../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

export const { useT } = defineMessages('pages', en, bn);
