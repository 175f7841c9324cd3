import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminResellerResponse,
  AdminResellersPage,
  AdminResellersQuery,
  CallbackUrlResponse,
  CreatedKeyResponse,
  CreateKeyBody,
  OwnKeyParams,
  PutCallbackUrlBody,
  PutResellerBody,
  ResellerAccount,
  ResellerBalanceResponse,
  ResellerCatalogResponse,
  ResellerKeyParams,
  ResellerKeyResponse,
  ResellerOrderBody,
  ResellerOrderParams,
  ResellerOrderResponse,
  ResellerOrdersPage,
  ResellerOrdersQuery,
  ResellerOrderView,
  ResellerParams,
} from '../schemas/reseller';
import {
  AdminResellerCallbacksParams,
  CallbackParams,
  CallbackResponse,
  CallbacksPage,
  CallbacksQuery,
} from '../schemas/reseller-callbacks';

// Admin: who is a reseller, at what prices.

export const adminListResellers = {
  method: 'GET',
  path: '/api/admin/resellers',
  handler: 'resellers/admin-list-resellers',
  access: 'admin',
  summary: 'Reseller accounts, newest first (cursor pages)',
  query: AdminResellersQuery,
  response: AdminResellersPage,
} satisfies RouteDef;

export const adminGetReseller = {
  method: 'GET',
  path: '/api/admin/resellers/{userId}',
  handler: 'resellers/admin-get-reseller',
  access: 'admin',
  summary: "One reseller account with its keys' public facts",
  params: ResellerParams,
  response: AdminResellerResponse,
} satisfies RouteDef;

export const adminPutReseller = {
  method: 'PUT',
  path: '/api/admin/resellers/{userId}',
  handler: 'resellers/admin-put-reseller',
  access: 'admin',
  summary:
    'Make a customer a reseller or update one: is_active, wholesale prices per variant (poisha) and discounts per product (1-90%); unknown user 404, unknown variant or product 400',
  params: ResellerParams,
  body: PutResellerBody,
  response: AdminResellerResponse,
} satisfies RouteDef;

export const adminRevokeResellerKey = {
  method: 'DELETE',
  path: '/api/admin/resellers/{userId}/keys/{keyId}',
  handler: 'resellers/admin-revoke-key',
  access: 'admin',
  summary: "Revoke one of a reseller's API keys (requests signed with it are refused at once)",
  params: ResellerKeyParams,
  response: ResellerKeyResponse,
} satisfies RouteDef;

// Self-service: a signed-in customer with an active reseller account.

export const resellerGetAccount = {
  method: 'GET',
  path: '/api/reseller/account',
  handler: 'resellers/get-account',
  access: 'user',
  summary:
    "The caller's reseller account: price per active variant, keys' public facts, callback URL, balance (403 without an active reseller account)",
  response: ResellerAccount,
} satisfies RouteDef;

export const resellerPutCallbackUrl = {
  method: 'PUT',
  path: '/api/reseller/callback-url',
  handler: 'resellers/put-callback-url',
  access: 'user',
  summary:
    'Set (or clear with null) the URL order callbacks go to: https to a public internet address only (every address of its name is checked)',
  body: PutCallbackUrlBody,
  response: CallbackUrlResponse,
} satisfies RouteDef;

export const resellerCreateKey = {
  method: 'POST',
  path: '/api/reseller/keys',
  handler: 'resellers/create-key',
  access: 'user',
  summary:
    'Create an API key (optional label and IP allow-list of addresses or CIDRs): the secret is answered ONCE. At most 5 active keys',
  body: CreateKeyBody,
  response: CreatedKeyResponse,
  status: 201,
  resellerKeySecret: true,
} satisfies RouteDef;

export const resellerRevokeKey = {
  method: 'DELETE',
  path: '/api/reseller/keys/{keyId}',
  handler: 'resellers/revoke-key',
  access: 'user',
  summary: "Revoke one of the caller's API keys",
  params: OwnKeyParams,
  response: ResellerKeyResponse,
} satisfies RouteDef;

// The signed reseller API (docs/reseller-api.md): X-Key-Id, X-Timestamp, X-Nonce, X-Signature.

export const resellerApiCatalog = {
  method: 'GET',
  path: '/api/reseller/v1/catalog',
  handler: 'resellers/api-catalog',
  access: 'reseller',
  summary: "Active products and variants with the reseller's price and stock",
  response: ResellerCatalogResponse,
} satisfies RouteDef;

export const resellerApiBalance = {
  method: 'GET',
  path: '/api/reseller/v1/balance',
  handler: 'resellers/api-balance',
  access: 'reseller',
  summary: "The reseller's wallet balance (poisha)",
  response: ResellerBalanceResponse,
} satisfies RouteDef;

export const resellerApiPlaceOrder = {
  method: 'POST',
  path: '/api/reseller/v1/orders',
  handler: 'resellers/api-place-order',
  access: 'reseller',
  summary:
    "Place an order paid from the reseller's wallet at the reseller's price; the answer holds the code. Idempotency-Key header required: same key + same body answers the first order, another body 422",
  body: ResellerOrderBody,
  response: ResellerOrderResponse,
  status: 201,
} satisfies RouteDef;

export const resellerApiGetOrder = {
  method: 'GET',
  path: '/api/reseller/v1/orders/{id}',
  handler: 'resellers/api-get-order',
  access: 'reseller',
  summary: "One of the reseller's orders with its code (another account's order: 404)",
  params: ResellerOrderParams,
  response: ResellerOrderView,
} satisfies RouteDef;

export const resellerApiListOrders = {
  method: 'GET',
  path: '/api/reseller/v1/orders',
  handler: 'resellers/api-list-orders',
  access: 'reseller',
  summary: "The reseller's orders, newest first (cursor pages)",
  query: ResellerOrdersQuery,
  response: ResellerOrdersPage,
} satisfies RouteDef;

// Callbacks: the reseller's own log and 'send again', and the admin's.
export const resellerListCallbacks = {
  method: 'GET',
  path: '/api/reseller/callbacks',
  handler: 'resellers/list-callbacks',
  access: 'user',
  summary:
    "The caller's order callbacks (completed, failed, refunded), newest first, each with its attempts (cursor pages)",
  query: CallbacksQuery,
  response: CallbacksPage,
} satisfies RouteDef;

export const resellerResendCallback = {
  method: 'POST',
  path: '/api/reseller/callbacks/{id}/resend',
  handler: 'resellers/resend-callback',
  access: 'user',
  summary:
    "Send one of the caller's callbacks again now (a failed or delivered one gets one more attempt); another's is 404",
  params: CallbackParams,
  response: CallbackResponse,
} satisfies RouteDef;

export const adminListResellerCallbacks = {
  method: 'GET',
  path: '/api/admin/resellers/{userId}/callbacks',
  handler: 'resellers/admin-list-callbacks',
  access: 'admin',
  summary: "A reseller's order callbacks, newest first, with every attempt (cursor pages)",
  params: AdminResellerCallbacksParams,
  query: CallbacksQuery,
  response: CallbacksPage,
} satisfies RouteDef;

export const adminResendResellerCallback = {
  method: 'POST',
  path: '/api/admin/reseller-callbacks/{id}/resend',
  handler: 'resellers/admin-resend-callback',
  access: 'admin',
  summary: 'Send a reseller callback again now (a failed or delivered one gets one more attempt)',
  params: CallbackParams,
  response: CallbackResponse,
} satisfies RouteDef;

/** Resellers: the admin's screen, the reseller's account and keys, the signed API, the callbacks. */
export const resellersRoutes = {
  adminListResellers,
  adminGetReseller,
  adminPutReseller,
  adminRevokeResellerKey,
  resellerGetAccount,
  resellerPutCallbackUrl,
  resellerCreateKey,
  resellerRevokeKey,
  resellerApiCatalog,
  resellerApiBalance,
  resellerApiPlaceOrder,
  resellerApiGetOrder,
  resellerApiListOrders,
  resellerListCallbacks,
  resellerResendCallback,
  adminListResellerCallbacks,
  adminResendResellerCallback,
} satisfies RouteTable;
