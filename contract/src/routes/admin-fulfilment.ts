import type { RouteDef, RouteTable } from '../route-def';
import {
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

/** The Fulfilment screen (the operator's queue, the suppliers' health) and API Setup's suppliers. */
export const adminFulfilmentRoutes = {
  adminListSuppliers,
  adminSaveSupplier,
  adminSupplierHealth,
} satisfies RouteTable;
