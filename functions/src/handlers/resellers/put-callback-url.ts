import { spoken } from '@khelaghor/contract/api-messages';
import { resellerPutCallbackUrl as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { releaseWaitingCallbacks } from '../../db/resellers/callback-queue';
import { setCallbackUrl } from '../../db/resellers/reseller-item';
import { badRequest } from '../../domain/refusals';
import { defineHandler } from '../../kit/handler';
import { clock } from '../../runtime/clock';
import { checkCallbackUrl, targetDeps } from '../../use-cases/resellers/callback-target';
import { requireActiveReseller } from '../../use-cases/resellers/reseller-account';

export const handler = defineHandler(route, async (req) => {
  await requireActiveReseller(db(), req.caller.userId);
  const url = req.body.callback_url;
  // Resolved and every address checked now; the sender checks again before each POST.
  const check = url ? await checkCallbackUrl(url, targetDeps()) : undefined;
  if (check && !check.ok) throw badRequest(spoken(check.problem), { callback_url: check.problem });
  await setCallbackUrl(db(), req.caller.userId, url, clock().toISOString());
  // Callbacks that waited for a URL are due now (the callbacks' stream consumer sends them).
  if (url) await releaseWaitingCallbacks(db(), req.caller.userId, clock());
  return { callback_url: url };
});
