import type { CallOutcome, PlayerCheck, Supplier, SupplierOptions, SupplierOrderState } from './supplier';
import {
  businessError,
  dollarsToCents,
  moogoldPost,
  type Json,
  type MoogoldCredentials,
} from './moogold-wire';

/**
 * The MooGold adapter (an aggregator): category 1 orders are direct top-ups carrying the game's
 * own fields, category 2 orders are e-vouchers. Our order id travels as `partnerOrderId`, so an
 * unknown outcome is resolved by `order/order_detail_partner_id`, never by ordering again.
 * docs/suppliers.md says what is proven only against the sandbox.
 */

/** The names a game's player fields have in MooGold's order form. */
interface GameFields {
  uid: string;
  zone?: string;
}

/** Known games by our `gameCode`; any other game sends `Player ID` (and `Server` with a zone). */
const MOOGOLD_GAME_FIELDS: Record<string, GameFields> = {
  'free-fire': { uid: 'Player ID' },
  'mobile-legends': { uid: 'User ID', zone: 'Server' },
};
const DEFAULT_FIELDS: GameFields = { uid: 'Player ID', zone: 'Server' };

const MOOGOLD_CATEGORY = { topup: 1, voucher: 2 } as const;

/** MooGold's answer to a game without a player check. */
const VALIDATION_NOT_SUPPORTED = 'validation_not_supported';
/** MooGold's answer to an inquiry about a `partnerOrderId` it never saw. */
const ORDER_NOT_FOUND = 'order_not_found';

export type MoogoldOptions = SupplierOptions &
  MoogoldCredentials & {
    /** Extra or corrected game field names, by gameCode (merged over MOOGOLD_GAME_FIELDS). */
    gameFields?: Record<string, GameFields>;
  };

export function createMoogoldSupplier(options: MoogoldOptions): Supplier {
  const games: Record<string, GameFields> = { ...MOOGOLD_GAME_FIELDS, ...options.gameFields };
  const fieldsOf = (gameCode?: string): GameFields =>
    (gameCode ? games[gameCode] : undefined) ?? DEFAULT_FIELDS;

  const playerData = (gameCode: string | undefined, playerUid: string, zoneId?: string): Json => {
    const fields = fieldsOf(gameCode);
    return { [fields.uid]: playerUid, ...(fields.zone && zoneId ? { [fields.zone]: zoneId } : {}) };
  };

  async function inquire(
    reference: string,
    kind: 'topup' | 'voucher',
  ): Promise<CallOutcome<SupplierOrderState>> {
    const wire = await moogoldPost(options, 'order/order_detail_partner_id', { partner_order_id: reference });
    if (wire.kind === 'unknown') return wire;
    const refusal = businessError(wire.body);
    if (refusal) {
      return refusal.code === ORDER_NOT_FOUND
        ? { kind: 'done', value: { state: 'not_found' } }
        : { kind: 'refused', ...refusal };
    }
    return orderState(wire.body, kind);
  }

  /** One create_order; an accepted order is read back by our reference for its id and codes. */
  async function order(
    reference: string,
    kind: 'topup' | 'voucher',
    data: Json,
  ): Promise<CallOutcome<SupplierOrderState>> {
    const wire = await moogoldPost(options, 'order/create_order', data, { partnerOrderId: reference });
    if (wire.kind === 'unknown') return wire;
    const refusal = businessError(wire.body);
    if (refusal) return { kind: 'refused', ...refusal };
    if (wire.body.status !== true || wire.status !== 200) {
      return { kind: 'unknown', why: `unexpected create_order answer (http ${wire.status})` };
    }
    // The create answer carries no order id we can rely on; the order exists, so a failed
    // read-back still means "accepted, not finished": processing, resolved by a later inquiry.
    const state = await inquire(reference, kind);
    if (state.kind === 'done' && state.value.state !== 'not_found') return state;
    return { kind: 'done', value: { state: 'processing' } };
  }

  return {
    name: 'moogold',

    async validatePlayer(input): Promise<CallOutcome<PlayerCheck>> {
      const wire = await moogoldPost(options, 'product/validate', {
        'product-id': input.productId,
        ...playerData(input.gameCode, input.playerUid, input.zoneId),
      });
      if (wire.kind === 'unknown') return wire;
      const refusal = businessError(wire.body);
      if (refusal) {
        return refusal.code === VALIDATION_NOT_SUPPORTED
          ? { kind: 'refused', reason: 'not_supported', code: refusal.code }
          : { kind: 'refused', ...refusal };
      }
      const name = wire.body.username;
      if (wire.body.status !== true || typeof name !== 'string' || name === '') {
        return { kind: 'unknown', why: 'validate answer without a username' };
      }
      return { kind: 'done', value: { playerName: name } };
    },

    createTopup: (request) =>
      order(request.reference, 'topup', {
        category: MOOGOLD_CATEGORY.topup,
        'product-id': request.productId,
        quantity: 1,
        ...playerData(request.gameCode, request.playerUid, request.zoneId),
      }),

    requestVoucher: (request) =>
      order(request.reference, 'voucher', {
        category: MOOGOLD_CATEGORY.voucher,
        'product-id': request.productId,
        quantity: 1,
      }),

    inquire,

    async balance() {
      const wire = await moogoldPost(options, 'user/balance', {});
      if (wire.kind === 'unknown') return wire;
      const refusal = businessError(wire.body);
      if (refusal) return { kind: 'refused', ...refusal };
      const amount = dollarsToCents(wire.body.balance);
      const currency = wire.body.currency;
      if (amount === undefined || typeof currency !== 'string') {
        return { kind: 'unknown', why: 'balance answer without balance or currency' };
      }
      return { kind: 'done', value: { amount, currency } };
    },

    async stock(productId) {
      const wire = await moogoldPost(options, 'product/product_detail', { product_id: productId });
      if (wire.kind === 'unknown') return wire;
      const refusal = businessError(wire.body);
      if (refusal) return { kind: 'refused', ...refusal };
      const variations = Array.isArray(wire.body.Variation) ? (wire.body.Variation as Json[]) : [];
      const stock = variations.find((v) => String(v?.variation_id) === productId)?.stock;
      if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0) {
        return { kind: 'unknown', why: 'product_detail answer without a stock figure' };
      }
      return { kind: 'done', value: stock };
    },
  };
}

const PROCESSING = new Set(['pending', 'processing', 'on-hold']);
const FAILED = new Set(['refunded', 'failed', 'cancelled', 'restocked']);

/** MooGold's order detail -> where our order stands; a body missing what we need stays unknown. */
function orderState(body: Json, kind: 'topup' | 'voucher'): CallOutcome<SupplierOrderState> {
  const id = body.order_id;
  const status = typeof body.order_status === 'string' ? body.order_status.toLowerCase() : '';
  const orderId = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  if (status === 'completed') {
    if (!orderId) return { kind: 'unknown', why: 'completed order without an order_id' };
    const codes = voucherCodes(body);
    if (kind === 'voucher' && codes.length === 0) {
      return { kind: 'unknown', why: 'completed voucher order without a code' };
    }
    return {
      kind: 'done',
      value: { state: 'completed', supplierTransactionId: orderId, ...(codes.length ? { codes } : {}) },
    };
  }
  if (PROCESSING.has(status)) {
    return {
      kind: 'done',
      value: { state: 'processing', ...(orderId ? { supplierTransactionId: orderId } : {}) },
    };
  }
  if (FAILED.has(status)) {
    const note = typeof body.message === 'string' && body.message ? `: ${body.message}` : '';
    return { kind: 'done', value: { state: 'failed', reason: `${status}${note}` } };
  }
  return { kind: 'unknown', why: `order detail with status "${status.slice(0, 40)}"` };
}

function voucherCodes(body: Json): string[] {
  const items = Array.isArray(body.item) ? (body.item as Json[]) : [];
  return items.flatMap((item) => {
    const code = item?.voucher_code;
    if (typeof code === 'string' && code) return [code];
    return Array.isArray(code) ? code.filter((c): c is string => typeof c === 'string' && c !== '') : [];
  });
}
