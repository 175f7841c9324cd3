import { quotePromo as route } from '@khelaghor/contract/routes/promos';
import { db } from '../../db/client';
import { clock } from '../../runtime/clock';
import { quotePromo } from '../../use-cases/promos/quote-promo';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(route, async (req) =>
  quotePromo({ db: db(), now: clock }, req.caller.userId, {
    code: req.body.code,
    variantId: req.body.variant_id,
  }),
);
