import type {
  AdminPromo,
  CreatePromoBody,
  PromoOrder,
  UpdatePromoBody,
} from '@khelaghor/contract/schemas/promos';
import type { Db } from '../../db/client';
import {
  getPromo,
  listPromos,
  promoOrdersPage,
  putNewPromo,
  updatePromoTerms,
} from '../../db/promos/promo-items';
import type { OrderItem } from '../../domain/model';
import type { PromoItem } from '../../domain/orders/promo-discount';
import { duplicate, notFound } from '../../domain/refusals';

/** The admin's Promotions: codes with their counters, and the orders that used each. */

const PROMO_EXISTS = 'Promo code already exists';
const PROMO_NOT_FOUND = 'Promo code not found';

function promoView(p: PromoItem): AdminPromo {
  return {
    code: p.code,
    discount_type: p.discount_type,
    discount_value: p.discount_value,
    min_order: p.min_order,
    scope: p.scope,
    starts_at: p.starts_at ?? null,
    ends_at: p.ends_at ?? null,
    max_uses: p.max_uses ?? null,
    max_uses_per_customer: p.max_uses_per_customer ?? null,
    is_active: p.is_active,
    uses: Number(p.uses ?? 0),
    discount_given: Number(p.discount_given ?? 0),
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

const promoOrderView = (o: OrderItem): PromoOrder => ({
  id: o.id,
  user_id: o.user_id,
  user_email: o.user_email || null,
  product_name: o.product_name,
  variant_name: o.variant_name,
  list_amount: o.list_amount ?? o.total_amount,
  discount_amount: o.discount_amount ?? 0,
  total_amount: o.total_amount,
  status: o.status,
  created_at: o.created_at,
});

export async function createPromo(db: Db, body: CreatePromoBody, now: string): Promise<AdminPromo> {
  const promo: PromoItem = {
    type: 'promo',
    ...body,
    uses: 0,
    discount_given: 0,
    created_at: now,
    updated_at: now,
  };
  if (!(await putNewPromo(db, promo))) throw duplicate(PROMO_EXISTS);
  return promoView(promo);
}

/** Every term at once; the code and its counters stay. An order placed meanwhile reads it again. */
export async function updatePromo(
  db: Db,
  code: string,
  body: UpdatePromoBody,
  now: string,
): Promise<AdminPromo> {
  const promo = await updatePromoTerms(db, code, body, now);
  if (!promo) throw notFound(PROMO_NOT_FOUND);
  return promoView(promo);
}

export async function listPromoViews(db: Db): Promise<AdminPromo[]> {
  return (await listPromos(db)).map(promoView);
}

export async function promoDetail(db: Db, code: string, page: { cursor?: string; limit: number }) {
  const promo = await getPromo(db, code);
  if (!promo) throw notFound(PROMO_NOT_FOUND);
  const orders = await promoOrdersPage(db, code, page);
  return {
    promo: promoView(promo),
    orders: { items: orders.items.map(promoOrderView), cursor: orders.cursor },
  };
}
