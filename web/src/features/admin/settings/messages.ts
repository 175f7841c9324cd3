import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The admin's settings and marketing sections (promotions, resellers, pages, SEO, API setup, banners, popups, payments). */
export const { useT, t } = defineMessages('adminSettings', en, bn);

export type SettingsMessage = Parameters<typeof t>[0];
