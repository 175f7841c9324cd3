import type { RouteDef, RouteTable } from '../route-def';
import { PageQuery } from '../schemas/orders';
import {
  LedgerPage,
  ManualTopupBody,
  PaymentResponse,
  PaymentsPage,
  TopupBody,
  TopupResponse,
} from '../schemas/wallet';

export const walletLedger = {
  method: 'GET',
  path: '/api/wallet/ledger',
  handler: 'wallet/list-ledger',
  access: 'user',
  summary: "The caller's wallet ledger, newest first (cursor pages), and the balance",
  query: PageQuery,
  response: LedgerPage,
} satisfies RouteDef;

export const createTopup = {
  method: 'POST',
  path: '/api/wallet/topups',
  handler: 'wallet/create-topup',
  access: 'user',
  summary: 'Add money through the gateway (৳10 to ৳25,000); credited once the payment is verified',
  body: TopupBody,
  response: TopupResponse,
  status: 201,
} satisfies RouteDef;

export const createManualTopup = {
  method: 'POST',
  path: '/api/wallet/manual-topups',
  handler: 'wallet/create-manual-topup',
  access: 'user',
  summary: 'Ask for a manual top-up (money sent to the shop, TrxID typed in); waits for an admin',
  body: ManualTopupBody,
  response: PaymentResponse,
  status: 201,
} satisfies RouteDef;

export const listManualTopups = {
  method: 'GET',
  path: '/api/wallet/manual-topups',
  handler: 'wallet/list-manual-topups',
  access: 'user',
  summary: "The caller's manual top-up requests, newest first",
  query: PageQuery,
  response: PaymentsPage,
} satisfies RouteDef;

/** Customer routes of the wallet: ledger, gateway top-ups and manual TrxID top-ups. */
export const walletRoutes = {
  walletLedger,
  createTopup,
  createManualTopup,
  listManualTopups,
} satisfies RouteTable;
