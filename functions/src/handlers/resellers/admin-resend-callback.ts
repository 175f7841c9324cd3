import { adminResendResellerCallback as route } from '@khelaghor/contract/routes/resellers';
import { resendCallback } from '../../use-cases/resellers/resend-callback';
import { tableDeps } from '../../use-cases/payments/deps';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => resendCallback(tableDeps(), req.params.id));
