import { verifyPhone as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';
import { verifyPhone } from '../../use-cases/users/phone-verification';

export const handler = defineHandler(route, async (req) =>
  verifyPhone({ db: db(), now: clock }, req.caller.userId, req.body.code),
);
