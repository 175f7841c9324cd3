import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminPromoDetail,
  AdminPromoQuery,
  AdminPromoResponse,
  AdminPromosResponse,
  CreatePromoBody,
  PromoParams,
  PromoQuote,
  QuotePromoBody,
  UpdatePromoBody,
} from '../schemas/promos';

export const quotePromo = {
  method: 'POST',
  path: '/api/promos/quote',
  handler: 'promos/quote-promo',
  access: 'user',
  summary:
    'The price of a package with a promo code, before paying (422 with the reason when the code does not apply; 20 quotes a minute per customer, 429 + Retry-After)',
  body: QuotePromoBody,
  response: PromoQuote,
} satisfies RouteDef;

export const adminListPromos = {
  method: 'GET',
  path: '/api/admin/promos',
  handler: 'promos/list-promos',
  access: 'admin',
  summary: 'Promo codes, newest first, with their uses and discount given',
  response: AdminPromosResponse,
} satisfies RouteDef;

export const adminCreatePromo = {
  method: 'POST',
  path: '/api/admin/promos',
  handler: 'promos/create-promo',
  access: 'admin',
  summary: "Create a promo code (stored upper case; a code taken already is 409 'Promo code already exists')",
  body: CreatePromoBody,
  response: AdminPromoResponse,
  status: 201,
} satisfies RouteDef;

export const adminUpdatePromo = {
  method: 'PUT',
  path: '/api/admin/promos/{code}',
  handler: 'promos/update-promo',
  access: 'admin',
  summary: 'Update every field of a promo code but the code itself (uses and discount given are kept)',
  params: PromoParams,
  body: UpdatePromoBody,
  response: AdminPromoResponse,
} satisfies RouteDef;

export const adminGetPromo = {
  method: 'GET',
  path: '/api/admin/promos/{code}',
  handler: 'promos/get-promo',
  access: 'admin',
  summary: 'One promo code with its stats and the orders that used it, newest first (cursor pages)',
  params: PromoParams,
  query: AdminPromoQuery,
  response: AdminPromoDetail,
} satisfies RouteDef;

/** Promo codes: the buyer's quote and the admin's Promotions section. */
export const promosRoutes = {
  quotePromo,
  adminListPromos,
  adminCreatePromo,
  adminUpdatePromo,
  adminGetPromo,
} satisfies RouteTable;
