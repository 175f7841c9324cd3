import { putLanguage as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { setProfileLanguage } from '../../db/notify/notify-settings';
import { notFound } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';

/** The caller's own language (the user is the token's, never the request's); their mails follow it. */
export const handler = defineHandler(route, async (req) => {
  if (!(await setProfileLanguage(db(), req.caller.userId, req.body.language, clock())))
    throw notFound('Profile not found. Please reload the page.');
  return { language: req.body.language, message: 'Language saved' };
});
