import type { RouteDef, RouteTable } from '../route-def';
import {
  FulfilmentClaimResponse,
  FulfilmentDoneBody,
  FulfilmentEndResponse,
  FulfilmentFailedBody,
  FulfilmentIdParams,
  FulfilmentQueueResponse,
  SaveSupplierBody,
  SaveSupplierResponse,
  SupplierHealthResponse,
  SupplierParams,
  SuppliersResponse,
} from '../schemas/suppliers';

/** API Setup's suppliers: their credentials, the secret write-only. */
export const adminListSuppliers = {
  method: 'GET',
  path: '/api/admin/suppliers',
  handler: 'admin-fulfilment/list-suppliers',
  access: 'admin',
  summary: "Each supplier's settings (base URL, partner id, whether a secret is set; never the secret)",
  response: SuppliersResponse,
} satisfies RouteDef;

export const adminSaveSupplier = {
  method: 'PUT',
  path: '/api/admin/suppliers/{supplier}',
  handler: 'admin-fulfilment/save-supplier',
  access: 'admin',
  summary: "Save a supplier's settings; the secret goes to the secret store (empty keeps the stored one)",
  params: SupplierParams,
  body: SaveSupplierBody,
  response: SaveSupplierResponse,
} satisfies RouteDef;

export const adminSupplierHealth = {
  method: 'GET',
  path: '/api/admin/suppliers/health',
  handler: 'admin-fulfilment/supplier-health',
  access: 'admin',
  summary:
    "Each supplier's prepaid balance (asked now), voucher stock, last error and share of failed calls (24 h)",
  response: SupplierHealthResponse,
} satisfies RouteDef;

/** The operator's queue: manual orders, outcomes unknown for 10 minutes, suppliers out of balance. */
export const adminListFulfilment = {
  method: 'GET',
  path: '/api/admin/fulfilment',
  handler: 'admin-fulfilment/list-fulfilment',
  access: 'admin',
  summary:
    "The operator's queue, oldest first: manual orders, supplier outcomes unknown for 10 minutes, orders blocked by a supplier's balance",
  response: FulfilmentQueueResponse,
} satisfies RouteDef;

export const adminClaimFulfilment = {
  method: 'POST',
  path: '/api/admin/fulfilment/{id}/claim',
  handler: 'admin-fulfilment/claim-fulfilment',
  access: 'admin',
  summary: 'Claim a queued order: one admin works it (another admin gets 409; claiming again keeps it)',
  params: FulfilmentIdParams,
  response: FulfilmentClaimResponse,
} satisfies RouteDef;

export const adminCompleteFulfilment = {
  method: 'POST',
  path: '/api/admin/fulfilment/{id}/done',
  handler: 'admin-fulfilment/complete-fulfilment',
  access: 'admin',
  summary:
    "'Done' on an order you claimed, with the game's transaction id or a note as proof: the order completes (the proof is shown to the buyer)",
  params: FulfilmentIdParams,
  body: FulfilmentDoneBody,
  response: FulfilmentEndResponse,
} satisfies RouteDef;

export const adminFailFulfilment = {
  method: 'POST',
  path: '/api/admin/fulfilment/{id}/failed',
  handler: 'admin-fulfilment/fail-fulfilment',
  access: 'admin',
  summary:
    "'Failed' on an order you claimed: refunded to the buyer's wallet once (a supplier's order is asked once more first)",
  params: FulfilmentIdParams,
  body: FulfilmentFailedBody,
  response: FulfilmentEndResponse,
} satisfies RouteDef;

/** The Fulfilment screen (the operator's queue, the suppliers' health) and API Setup's suppliers. */
export const adminFulfilmentRoutes = {
  adminListFulfilment,
  adminClaimFulfilment,
  adminCompleteFulfilment,
  adminFailFulfilment,
  adminListSuppliers,
  adminSaveSupplier,
  adminSupplierHealth,
} satisfies RouteTable;
