import { defineFirstScreenMessages } from '../i18n/i18n';
import type en from './i18n/en.json';

export const { useT } = defineFirstScreenMessages<keyof typeof en>('shared-ui');
