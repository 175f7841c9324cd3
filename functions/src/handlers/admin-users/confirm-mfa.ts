import { adminConfirmMfa as route } from '@khelaghor/contract/routes/admin-users';
import { sessionRevoker } from '../../clients/session-revoker';
import { markMfaEnrolled } from '../../db/users/admin-role';
import { db } from '../../db/client';
import { hasAuthenticatorApp } from '../../clients/user-pool';
import { defineAdminHandler } from '../../kit/admin-handler';
import { clock } from '../../runtime/clock';
import { confirmMfaEnrolment } from '../../use-cases/users/confirm-mfa';

export const handler = defineAdminHandler(route, async (req) =>
  confirmMfaEnrolment(
    {
      hasAuthenticatorApp,
      markEnrolled: (userId, now) => markMfaEnrolled(db(), userId, now),
      signOutEverywhere: (userId) => sessionRevoker().signOutEverywhere(userId),
      now: clock,
    },
    req.caller.userId,
  ),
);
