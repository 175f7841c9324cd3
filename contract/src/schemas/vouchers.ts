import * as z from '../zod';
import { CODE_STATUSES } from '../facts';
import { Id } from './ids';
import { reqStr } from './common';

/** Admin: voucher codes (stock), added one by one or imported in bulk. */

export const CodeStatus = z.enum(CODE_STATUSES);
export type CodeStatus = z.infer<typeof CodeStatus>;

export const Voucher = z.object({
  id: z.string(),
  variant_id: z.string(),
  product_id: z.string(),
  variant_name: z.nullable(z.string()),
  product_name: z.nullable(z.string()),
  code: z.string(),
  status: CodeStatus,
  order_id: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
  reserved_until: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;

export const VouchersQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
  status: z.optional(CodeStatus),
  variant_id: z.optional(Id),
});
export const VouchersPage = z.object({ items: z.array(Voucher), cursor: z.nullable(z.string()) });

const codeText = z.string({ error: 'Code is required' }).check(
  z.trim(),
  z.minLength(1, 'Code is required'),
  z.maxLength(200, 'Code must be at most 200 characters'),
  // eslint-disable-next-line no-control-regex
  z.refine((c) => !/[\u0000-\u001f\u007f-\u009f]/.test(c), 'Code must not contain control characters'),
);

export const AddVoucherBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  code: codeText,
});
export const AddVoucherResponse = z.object({ voucher: Voucher, message: z.string() });

const MAX_IMPORT_CODES = 1000;
export const ImportVouchersBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  codes: z
    .array(z.string().check(z.maxLength(10_000)), { error: 'Please add at least one code' })
    .check(
      z.minLength(1, 'Please add at least one code'),
      z.maxLength(MAX_IMPORT_CODES, `At most ${MAX_IMPORT_CODES} codes per request`),
    ),
});
export const ImportOutcome = z.enum(['added', 'duplicate_in_file', 'already_in_shop', 'invalid']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;
export const ImportVouchersResponse = z.object({
  results: z.array(z.object({ code: z.string(), status: ImportOutcome, message: z.optional(z.string()) })),
  counts: z.object({
    added: z.int(),
    duplicate_in_file: z.int(),
    already_in_shop: z.int(),
    invalid: z.int(),
  }),
  /** The variant's stock after the import. */
  stock: z.int(),
});
export const VoucherParams = z.object({ variant_id: Id, id: Id });
