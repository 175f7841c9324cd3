import { defineMessages } from '../../../shared/i18n/i18n';
import bn from './i18n/bn.json';
import en from './i18n/en.json';

/** The Audit section: who changed what, one admin call at a time. */
export const { useT } = defineMessages('adminAudit', en, bn);
