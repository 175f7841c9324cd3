import { resellerResendCallback as route } from '@khelaghor/contract/routes/resellers';
import { resendCallback } from '../../use-cases/resellers/resend-callback';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) =>
  resendCallback(tableDeps(), req.params.id, req.caller.userId),
);
