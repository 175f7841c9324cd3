import { adminListResellers as route } from '@khelaghor/contract/routes/resellers';
import { db } from '../../db/client';
import { batchGetItems, itemKey } from '../../db/batch-get';
import { keys } from '../../db/keys';
import { resellersPage } from '../../db/resellers/reseller-item';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { resellerView } from '../../use-cases/resellers/reseller-account';

export const handler = defineAdminReadHandler(route, async (req) => {
  const page = await resellersPage(db(), req.query);
  const profiles = await batchGetItems(
    db(),
    page.items.map((r) => keys.profile(r.user_id)),
    { projection: 'balance' },
  );
  return {
    items: page.items.map((r) =>
      resellerView(r, Number(profiles.get(itemKey(keys.profile(r.user_id)))?.balance ?? 0)),
    ),
    cursor: page.cursor,
  };
});
