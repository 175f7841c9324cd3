import * as z from 'zod';

/** The signed-in user's profile (GET /api/me). Money in poisha. */
export const MeResponse = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  balance: z.number().int(),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;
