import { resellerListCallbacks as route } from '@khelaghor/contract/routes/reseller-callbacks';
import { db } from '../../db/client';
import { listCallbacks } from '../../use-cases/callbacks/resend-callback';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => listCallbacks(db(), req.caller.userId, req.query));
