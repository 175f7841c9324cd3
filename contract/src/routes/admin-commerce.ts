import type { RouteDef, RouteTable } from '../route-def';
import {
  AdminManualTopupsPage,
  AdminManualTopupsQuery,
  AdminOrderResponse,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminPaymentsQuery,
  GatewayConfig,
  ManualTopupDecisionBody,
  SaveGatewayBody,
  SaveGatewayResponse,
  SetOrderStatusBody,
  TestGatewayResponse,
  WalletAdjustmentBody,
  WalletChangeResponse,
} from '../schemas/admin-commerce';
import { IdParams } from '../schemas/orders';
import { PlayerLookupConfig, SavePlayerLookupBody, SavePlayerLookupResponse } from '../schemas/players';
import {
  CreatedSmsDeviceResponse,
  CreateSmsDeviceBody,
  SmsDeviceParams,
  SmsDeviceResponse,
  SmsDevicesResponse,
  SmsInboxPage,
  SmsInboxQuery,
} from '../schemas/sms-devices';
import { PaymentResponse, PaymentsPage } from '../schemas/wallet';

export const adminListOrders = {
  method: 'GET',
  path: '/api/admin/orders',
  handler: 'admin-commerce/list-orders',
  access: 'admin',
  summary: 'All orders newest first, optionally by status (cursor pages)',
  query: AdminOrdersQuery,
  response: AdminOrdersPage,
} satisfies RouteDef;

export const adminSetOrderStatus = {
  method: 'PUT',
  path: '/api/admin/orders/{id}/status',
  handler: 'admin-commerce/set-order-status',
  access: 'admin',
  summary: "Set any status; 'refunded' credits a paid order's total to the buyer's wallet once",
  params: IdParams,
  body: SetOrderStatusBody,
  response: AdminOrderResponse,
} satisfies RouteDef;

export const adminListPayments = {
  method: 'GET',
  path: '/api/admin/payments',
  handler: 'admin-commerce/list-payments',
  access: 'admin',
  summary: 'All payment records newest first (cursor pages)',
  query: AdminPaymentsQuery,
  response: PaymentsPage,
} satisfies RouteDef;

export const adminWalletAdjustment = {
  method: 'POST',
  path: '/api/admin/wallet/adjustments',
  handler: 'admin-commerce/wallet-adjustment',
  access: 'admin',
  summary:
    "Credit or debit a user's wallet (ledger entry + completed payment record); no debit below zero. An Idempotency-Key header makes a resend return the first adjustment (another body with the same key: 422)",
  body: WalletAdjustmentBody,
  response: WalletChangeResponse,
  status: 201,
} satisfies RouteDef;

export const adminDemoTopup = {
  method: 'POST',
  path: '/api/admin/users/{id}/demo-topup',
  handler: 'admin-commerce/demo-topup',
  access: 'admin',
  summary: "Demo gateway top-up: credits ৳100 to the user's wallet",
  params: IdParams,
  response: WalletChangeResponse,
  status: 201,
} satisfies RouteDef;

export const adminListManualTopups = {
  method: 'GET',
  path: '/api/admin/manual-topups',
  handler: 'admin-commerce/list-manual-topups',
  access: 'admin',
  summary:
    'Manual TrxID top-up requests by status (default pending), newest first, each with the other requests naming its TrxID',
  query: AdminManualTopupsQuery,
  response: AdminManualTopupsPage,
} satisfies RouteDef;

export const adminApproveManualTopup = {
  method: 'POST',
  path: '/api/admin/manual-topups/{id}/approve',
  handler: 'admin-commerce/approve-manual-topup',
  access: 'admin',
  summary:
    "Approve a manual top-up: the user's wallet is credited once; refused when its TrxID was credited to another request",
  params: IdParams,
  body: ManualTopupDecisionBody,
  response: PaymentResponse,
} satisfies RouteDef;

export const adminRejectManualTopup = {
  method: 'POST',
  path: '/api/admin/manual-topups/{id}/reject',
  handler: 'admin-commerce/reject-manual-topup',
  access: 'admin',
  summary: 'Reject a manual top-up request (nothing credited; its TrxID is free to claim again)',
  params: IdParams,
  body: ManualTopupDecisionBody,
  response: PaymentResponse,
} satisfies RouteDef;

export const adminGetGateway = {
  method: 'GET',
  path: '/api/admin/gateway',
  handler: 'admin-commerce/get-gateway',
  access: 'admin',
  summary: 'The payment gateway configuration (API key masked to its last 4 characters)',
  response: GatewayConfig,
} satisfies RouteDef;

export const adminSaveGateway = {
  method: 'PUT',
  path: '/api/admin/gateway',
  handler: 'admin-commerce/save-gateway',
  access: 'admin',
  summary: 'Save the gateway configuration (an empty api_key keeps the stored one)',
  body: SaveGatewayBody,
  response: SaveGatewayResponse,
} satisfies RouteDef;

export const adminTestGateway = {
  method: 'POST',
  path: '/api/admin/gateway/test',
  handler: 'admin-commerce/test-gateway',
  access: 'admin',
  summary: 'Call the gateway with the stored configuration and report ok or the error',
  response: TestGatewayResponse,
} satisfies RouteDef;

/** API Setup's player lookup provider, beside the gateway's. */
export const adminGetPlayerLookup = {
  method: 'GET',
  path: '/api/admin/player-lookup',
  handler: 'admin-commerce/get-player-lookup',
  access: 'admin',
  summary: "The player lookup provider behind the product page's Verify ('none' when not configured)",
  response: PlayerLookupConfig,
} satisfies RouteDef;

export const adminSavePlayerLookup = {
  method: 'PUT',
  path: '/api/admin/player-lookup',
  handler: 'admin-commerce/save-player-lookup',
  access: 'admin',
  summary: "Choose the player lookup provider ('none': buyers confirm the UID by typing it twice)",
  body: SavePlayerLookupBody,
  response: SavePlayerLookupResponse,
} satisfies RouteDef;

// The shop's receiving phones: device keys their SMS forwarders sign with (docs/sms-forwarder.md).

export const adminListSmsDevices = {
  method: 'GET',
  path: '/api/admin/sms-devices',
  handler: 'admin-commerce/list-sms-devices',
  access: 'admin',
  summary: "The receiving phones' device keys, newest first (public facts, never a secret)",
  response: SmsDevicesResponse,
} satisfies RouteDef;

export const adminCreateSmsDevice = {
  method: 'POST',
  path: '/api/admin/sms-devices',
  handler: 'admin-commerce/create-sms-device',
  access: 'admin',
  summary:
    'Create a device key for one of the receiving accounts (provider and number): the secret is answered ONCE',
  body: CreateSmsDeviceBody,
  response: CreatedSmsDeviceResponse,
  status: 201,
  resellerKeySecret: true,
} satisfies RouteDef;

export const adminRevokeSmsDevice = {
  method: 'DELETE',
  path: '/api/admin/sms-devices/{id}',
  handler: 'admin-commerce/revoke-sms-device',
  access: 'admin',
  summary: "Revoke a device key: its forwarder's requests are refused at once",
  params: SmsDeviceParams,
  response: SmsDeviceResponse,
} satisfies RouteDef;

export const adminClearSmsChain = {
  method: 'POST',
  path: '/api/admin/sms-devices/{id}/clear-chain',
  handler: 'admin-commerce/clear-sms-chain',
  access: 'admin',
  summary:
    "Clear the broken balance chain of a device's receiving account (after the admin checked the SMS in review): its next SMS is checked against the last balance again",
  params: SmsDeviceParams,
  response: SmsDeviceResponse,
} satisfies RouteDef;

export const adminListSmsInbox = {
  method: 'GET',
  path: '/api/admin/sms-inbox',
  handler: 'admin-commerce/list-sms-inbox',
  access: 'admin',
  summary: 'Every SMS the receiving phones forwarded, parsed or not, newest first (cursor pages)',
  query: SmsInboxQuery,
  response: SmsInboxPage,
} satisfies RouteDef;

/** Admin routes of orders, payments, wallets, manual top-ups, the SMS phones and the API setup (gateway, player lookup). */
export const adminCommerceRoutes = {
  adminListOrders,
  adminSetOrderStatus,
  adminListPayments,
  adminWalletAdjustment,
  adminDemoTopup,
  adminListManualTopups,
  adminApproveManualTopup,
  adminRejectManualTopup,
  adminGetGateway,
  adminSaveGateway,
  adminTestGateway,
  adminGetPlayerLookup,
  adminSavePlayerLookup,
  adminListSmsDevices,
  adminCreateSmsDevice,
  adminRevokeSmsDevice,
  adminListSmsInbox,
  adminClearSmsChain,
} satisfies RouteTable;
