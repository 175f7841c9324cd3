import * as en from './buyer-messages';
import type { BuyerMails } from './buyer-messages';
import { bn } from './buyer-messages-bn';

/** The languages the buyer's mails are written in (the profile's `language`; unset: English). */
export type MailLang = 'bn' | 'en';

/** One complete set per language: TypeScript refuses a language that lacks a mail. */
export const BUYER_MAILS: Record<MailLang, BuyerMails> = { en, bn };

export const mailLang = (language: string | null | undefined): MailLang => (language === 'bn' ? 'bn' : 'en');
