import { startPhoneVerification as route } from '@khelaghor/contract/routes/account';
import { smsProvider } from '../../clients/sms/sms-sender';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';
import { startPhoneVerification } from '../../use-cases/users/phone-verification';

/** The caller's own number (the user is the token's); the code goes by SMS, never in the answer. */
export const handler = defineHandler(route, async (req) =>
  startPhoneVerification(
    { db: db(), now: clock, sms: smsProvider },
    { userId: req.caller.userId, sourceIp: req.sourceIp },
    req.body.phone,
  ),
);
