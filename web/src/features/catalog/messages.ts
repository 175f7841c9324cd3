import { defineFirstScreenMessages } from '../../shared/i18n/i18n';
import type en from './i18n/en.json';

/**
 * The home page's strings (banner, games grid, search, tiles, newsletter, popup). The product
 * page has its own catalogue (./product) so the home page's first download carries only these.
 */
export const { useT, t } = defineFirstScreenMessages<keyof typeof en>('home');
