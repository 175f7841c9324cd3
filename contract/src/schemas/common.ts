import * as z from 'zod';

/** Field builders the catalogue's request bodies share, and the plain `{ message }` answer. */

export const reqStr = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
export const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
export const displayOrder = z.coerce
  .number({ error: 'Display order must be a number' })
  .int('Display order must be a whole number')
  .min(0)
  .max(1_000_000)
  .default(0);

export const MessageResponse = z.object({ message: z.string() });

/** The admin's Bangla name and description beside the English ones (null: none, the SPA shows the English). */
export const banglaNames = { name_bn: z.string().nullable(), description_bn: z.string().nullable() };

/** The same in an admin body: optional, trimmed, empty means none, the English fields' limits. */
export const banglaNamesBody = {
  name_bn: optText(120).optional(),
  description_bn: optText(2000).optional(),
};
