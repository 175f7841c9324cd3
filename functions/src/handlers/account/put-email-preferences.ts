import { putEmailPreferences as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { setOptionalMail } from '../../db/notify/notify-settings';
import { notFound } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';

/** The caller's own choice (the user is the token's, never the request's). */
export const handler = defineHandler(route, async (req) => {
  if (!(await setOptionalMail(db(), req.caller.userId, req.body.optional, clock())))
    throw notFound('Profile not found. Please reload the page.');
  return { optional: req.body.optional, message: 'Email preferences saved' };
});
