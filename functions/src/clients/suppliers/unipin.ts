/**
 * UniPin (partner API) behind the `Supplier` interface: in-game top-ups (validate the player, then
 * create the order with the validation token) and vouchers. Our order id is UniPin's
 * `reference_no`; an unknown outcome is resolved by the inquiry with it, never by a second create.
 * Signing and reading answers: ./unipin-wire.ts. Shapes and what stays unproven: docs/suppliers.md.
 */
import type {
  CallOutcome,
  PlayerCheck,
  Supplier,
  SupplierMoney,
  SupplierOptions,
  SupplierOrderState,
} from './supplier';
import {
  UNIPIN_ORDER_NOT_FOUND,
  toMinorUnits,
  unipinPost,
  wireText,
  type UnipinBody,
  type UnipinWire,
} from './unipin-wire';

const UNIPIN_PATHS = {
  validate: '/in-game-topup/user/validate',
  createTopup: '/in-game-topup/order/create',
  inquireTopup: '/in-game-topup/order/inquiry',
  requestVoucher: '/voucher/request',
  inquireVoucher: '/voucher/inquiry',
  balance: '/voucher/balance',
  stock: '/voucher/get_stock_count',
} as const;

const DEFAULT_TIMEOUT_MS = 8000;

export function createUnipinSupplier(
  options: SupplierOptions & { partnerId: string; secret: string },
): Supplier {
  const wire: UnipinWire = {
    baseUrl: options.baseUrl,
    partnerId: options.partnerId,
    secret: options.secret,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
  const post = (path: string, body: UnipinBody) => unipinPost(wire, path, body);

  return {
    name: 'unipin',

    async validatePlayer({ gameCode, playerUid, zoneId }) {
      if (!gameCode) return missing('game_code');
      const answer = await post(UNIPIN_PATHS.validate, {
        game_code: gameCode,
        fields: { userid: playerUid, ...(zoneId && { zoneid: zoneId }) },
      });
      return then(answer, (body): CallOutcome<PlayerCheck> => {
        const playerName = wireText(body.username);
        const validationToken = wireText(body.validation_token);
        // Order creation needs the token: a "success" without it is an answer we cannot use.
        if (!playerName || !validationToken)
          return { kind: 'unknown', why: 'validate answered without username or validation_token' };
        return { kind: 'done', value: { playerName, validationToken } };
      });
    },

    async createTopup({ reference, productId, gameCode, validationToken }) {
      if (!gameCode) return missing('game_code');
      if (!validationToken) return missing('validation_token');
      const answer = await post(UNIPIN_PATHS.createTopup, {
        game_code: gameCode,
        validation_token: validationToken,
        reference_no: reference,
        denomination_id: productId,
      });
      return then(answer, (body) => orderState(body, 'topup', reference, false));
    },

    async requestVoucher({ reference, productId }) {
      const answer = await post(UNIPIN_PATHS.requestVoucher, {
        reference_no: reference,
        voucher_code: productId,
        qty: 1,
      });
      return then(answer, (body) => orderState(body, 'voucher', reference, false));
    },

    async inquire(reference, kind) {
      const path = kind === 'topup' ? UNIPIN_PATHS.inquireTopup : UNIPIN_PATHS.inquireVoucher;
      const answer = await post(path, { reference_no: reference });
      if (answer.kind === 'refused' && answer.code === UNIPIN_ORDER_NOT_FOUND)
        return { kind: 'done', value: { state: 'not_found' } };
      return then(answer, (body) => orderState(body, kind, reference, true));
    },

    async balance() {
      const answer = await post(UNIPIN_PATHS.balance, {});
      return then(answer, (body): CallOutcome<SupplierMoney> => {
        const currency = wireText(body.currency)?.toUpperCase();
        const amount = currency ? toMinorUnits(body.balance, currency) : undefined;
        if (!currency || amount === undefined)
          return {
            kind: 'unknown',
            why: `balance unreadable: ${JSON.stringify(body.balance)} ${currency ?? ''}`,
          };
        return { kind: 'done', value: { amount, currency } };
      });
    },

    async stock(productId) {
      const answer = await post(UNIPIN_PATHS.stock, { voucher_code: productId });
      return then(answer, (body): CallOutcome<number> => {
        const count = Number(body.stock);
        if (body.stock === undefined || body.stock === null || !Number.isSafeInteger(count) || count < 0)
          return { kind: 'unknown', why: `stock unreadable: ${JSON.stringify(body.stock)}` };
        return { kind: 'done', value: count };
      });
    },
  };
}

/** A request UniPin cannot take: refused before anything is sent (nothing can exist there). */
const missing = (field: string) =>
  ({ kind: 'refused', reason: `UniPin needs ${field}`, code: 'missing_field' }) as const;

function then<T>(
  answer: CallOutcome<UnipinBody>,
  read: (body: UnipinBody) => CallOutcome<T>,
): CallOutcome<T> {
  return answer.kind === 'done' ? read(answer.value) : answer;
}

/**
 * An order's answer as a state. `order_status` is required on an inquiry; on a create a success
 * without it means the order went through (UniPin answers `status: 1` when it is done). An answer
 * for another reference, a completion without a transaction id, or a voucher without its code is
 * not trusted: unknown, to be settled by the inquiry.
 */
function orderState(
  body: UnipinBody,
  kind: 'topup' | 'voucher',
  reference: string,
  isInquiry: boolean,
): CallOutcome<SupplierOrderState> {
  const echoed = wireText(body.reference_no);
  if (echoed !== undefined && echoed !== reference)
    return { kind: 'unknown', why: `answer for reference ${echoed}, not ${reference}` };
  const transactionId = wireText(body.transaction_id);
  const raw = wireText(body.order_status)?.toLowerCase() ?? (isInquiry ? undefined : 'completed');
  const unknown = (why: string) => ({ kind: 'unknown', why }) as const;
  switch (raw) {
    case 'completed':
    case 'success': {
      if (!transactionId) return unknown('completed without a transaction_id');
      if (kind === 'topup')
        return { kind: 'done', value: { state: 'completed', supplierTransactionId: transactionId } };
      const codes = voucherCodes(body.items);
      if (!codes.length) return unknown('voucher completed without a code');
      return { kind: 'done', value: { state: 'completed', supplierTransactionId: transactionId, codes } };
    }
    case 'processing':
    case 'pending':
      return {
        kind: 'done',
        value: { state: 'processing', ...(transactionId && { supplierTransactionId: transactionId }) },
      };
    case 'failed':
    case 'refunded':
    case 'cancelled':
      return {
        kind: 'done',
        value: {
          state: 'failed',
          reason: wireText(body.reason) ?? wireText(body.message) ?? `UniPin: ${raw}`,
        },
      };
    default:
      return unknown(`order_status ${JSON.stringify(body.order_status)} is not one we know`);
  }
}

function voucherCodes(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => (item && typeof item === 'object' ? wireText((item as UnipinBody).code) : undefined))
    .filter((code): code is string => code !== undefined);
}
