import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The admin's SMS phones section: receiving phones' device keys and the SMS inbox (docs/sms-forwarder.md). */
export const { useT } = defineMessages('adminSms', en, bn);
