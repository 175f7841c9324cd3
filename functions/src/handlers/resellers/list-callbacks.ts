import { resellerListCallbacks as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { listCallbacks } from '../../use-cases/resellers/resend-callback';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => listCallbacks(db(), req.caller.userId, req.query));
