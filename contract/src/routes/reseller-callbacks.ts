import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminResellerCallbacksParams,
  CallbackParams,
  CallbackResponse,
  CallbacksPage,
  CallbacksQuery,
} from '../schemas/reseller-callbacks';

export const resellerListCallbacks = {
  method: 'GET',
  path: '/api/reseller/callbacks',
  handler: 'reseller/list-callbacks',
  access: 'user',
  summary:
    "The caller's order callbacks (completed, failed, refunded), newest first, each with its attempts (cursor pages)",
  query: CallbacksQuery,
  response: CallbacksPage,
} satisfies RouteDef;

export const resellerResendCallback = {
  method: 'POST',
  path: '/api/reseller/callbacks/{id}/resend',
  handler: 'reseller/resend-callback',
  access: 'user',
  summary:
    "Send one of the caller's callbacks again now (a failed or delivered one gets one more attempt); another's is 404",
  params: CallbackParams,
  response: CallbackResponse,
} satisfies RouteDef;

export const adminListResellerCallbacks = {
  method: 'GET',
  path: '/api/admin/resellers/{userId}/callbacks',
  handler: 'reseller/admin-list-callbacks',
  access: 'admin',
  summary: "A reseller's order callbacks, newest first, with every attempt (cursor pages)",
  params: AdminResellerCallbacksParams,
  query: CallbacksQuery,
  response: CallbacksPage,
} satisfies RouteDef;

export const adminResendResellerCallback = {
  method: 'POST',
  path: '/api/admin/reseller-callbacks/{id}/resend',
  handler: 'reseller/admin-resend-callback',
  access: 'admin',
  summary: 'Send a reseller callback again now (a failed or delivered one gets one more attempt)',
  params: CallbackParams,
  response: CallbackResponse,
} satisfies RouteDef;

/** Reseller callbacks: the reseller's own log and 'send again', and the admin's. */
export const resellerCallbackRoutes = {
  resellerListCallbacks,
  resellerResendCallback,
  adminListResellerCallbacks,
  adminResendResellerCallback,
} satisfies RouteTable;
