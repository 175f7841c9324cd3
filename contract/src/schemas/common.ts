import * as z from '../zod';

/** Field builders the catalogue's request bodies share, and the plain `{ message }` answer. */

export const reqStr = (message: string, max: number) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Must be at most ${max} characters`));
export const optText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((v) => (v ? v : null)),
  );
export const displayOrder = z._default(
  z.coerce
    .number({ error: 'Display order must be a number' })
    .check(z.int('Display order must be a whole number'), z.minimum(0), z.maximum(1_000_000)),
  0,
);

export const MessageResponse = z.object({ message: z.string() });

/** The admin's Bangla name and description beside the English ones (null: none, the SPA shows the English). */
export const banglaNames = { name_bn: z.nullable(z.string()), description_bn: z.nullable(z.string()) };

/** The same in an admin body: optional, trimmed, empty means none, the English fields' limits. */
export const banglaNamesBody = {
  name_bn: z.optional(optText(120)),
  description_bn: z.optional(optText(2000)),
};
