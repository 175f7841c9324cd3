import { getMe as route } from '@khelaghor/contract/routes/account';
import { db } from '../../db/client';
import { ensureProfile } from '../../db/users/profiles';
import { userPoolLookup } from '../../clients/user-pool';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) => {
  const profile = await ensureProfile(db(), req.caller, userPoolLookup);
  return {
    id: profile.id,
    email: profile.email,
    full_name: profile.full_name,
    phone: profile.phone,
    balance: profile.balance,
    is_admin: profile.is_admin,
    notify_optional: profile.notify_optional,
    language: profile.language,
    sms_phone: profile.sms_phone,
    sms_on: profile.sms_on,
    created_at: profile.created_at,
  };
});
