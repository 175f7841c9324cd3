import * as z from 'zod';
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
  variant_name: z.string().nullable(),
  product_name: z.string().nullable(),
  code: z.string(),
  status: CodeStatus,
  order_id: z.string().nullable(),
  user_id: z.string().nullable(),
  reserved_until: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;

export const VouchersQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: CodeStatus.optional(),
  variant_id: Id.optional(),
});
export const VouchersPage = z.object({ items: z.array(Voucher), cursor: z.string().nullable() });

const codeText = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(200, 'Code must be at most 200 characters')
  // eslint-disable-next-line no-control-regex
  .refine((c) => !/[\u0000-\u001f\u007f-\u009f]/.test(c), 'Code must not contain control characters');

export const AddVoucherBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  code: codeText,
});
export const AddVoucherResponse = z.object({ voucher: Voucher, message: z.string() });

const MAX_IMPORT_CODES = 1000;
export const ImportVouchersBody = z.object({
  variant_id: reqStr('Please select a variant', 64),
  codes: z
    .array(z.string().max(10_000), { error: 'Please add at least one code' })
    .min(1, 'Please add at least one code')
    .max(MAX_IMPORT_CODES, `At most ${MAX_IMPORT_CODES} codes per request`),
});
export const ImportOutcome = z.enum(['added', 'duplicate_in_file', 'already_in_shop', 'invalid']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;
export const ImportVouchersResponse = z.object({
  results: z.array(z.object({ code: z.string(), status: ImportOutcome, message: z.string().optional() })),
  counts: z.object({
    added: z.number().int(),
    duplicate_in_file: z.number().int(),
    already_in_shop: z.number().int(),
    invalid: z.number().int(),
  }),
  /** The variant's stock after the import. */
  stock: z.number().int(),
});
export const VoucherParams = z.object({ variant_id: Id, id: Id });
