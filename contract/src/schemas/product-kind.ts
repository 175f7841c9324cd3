import * as z from 'zod';
import { ACCOUNT_FIELDS, uidMatcher } from '../account-fields';

/**
 * A product's kind (DESIGN 11): what the buyer gives (account fields with the game's rule) and
 * what the buyer gets help with (redeem steps and the official redeem link). The admin sets it;
 * the public product and catalogue answers carry it for the product, success and My Codes pages.
 */
export const AccountFields = z.enum(ACCOUNT_FIELDS);

/** The Player ID help is a few short steps, read on a phone beside the UID field. */
const UID_HELP_MAX_STEPS = 8;
const UID_HELP_STEP_MAX = 160;

export const ProductKind = z.object({
  account_fields: AccountFields,
  uid_pattern: z.string().nullable(),
  uid_message: z.string().nullable(),
  zone_label: z.string().nullable(),
  redeem_steps: z.array(z.string()),
  redeem_url: z.string().nullable(),
  /** 'How to find your Player ID' on the product page, one short step per line (empty: no help shown). */
  uid_help: z.array(z.string()),
  /** The admin's Bangla versions (null/empty: the SPA shows the English ones in Bangla too). */
  uid_message_bn: z.string().nullable(),
  redeem_steps_bn: z.array(z.string()),
  uid_help_bn: z.array(z.string()),
});
export type ProductKind = z.infer<typeof ProductKind>;

const emptyToNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const redeemSteps = z
  .array(z.string().trim().max(300, 'Each step must be at most 300 characters'))
  .max(10, 'At most 10 steps')
  .transform((steps) => steps.filter(Boolean));

const uidHelp = z
  .array(
    z.string().trim().max(UID_HELP_STEP_MAX, `Each step must be at most ${UID_HELP_STEP_MAX} characters`),
  )
  .max(UID_HELP_MAX_STEPS, `At most ${UID_HELP_MAX_STEPS} steps`)
  .transform((steps) => steps.filter(Boolean));

/**
 * The kind fields of the admin's product body. Each may be left out (a body from before kinds):
 * the server then stores a Player UID with the spec's rule and no redeem help.
 */
export const ProductKindBody = z.object({
  account_fields: z.enum(ACCOUNT_FIELDS, { error: 'Please choose the account fields' }).optional(),
  uid_pattern: emptyToNull(200)
    .refine((v) => v === null || uidMatcher(v) !== undefined, { message: 'Not a valid regular expression' })
    .optional(),
  uid_message: emptyToNull(200).optional(),
  zone_label: emptyToNull(40).optional(),
  redeem_steps: redeemSteps.optional(),
  redeem_url: emptyToNull(500)
    .refine((v) => v === null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
      message: 'Redeem link must be an https:// address',
    })
    .optional(),
  uid_help: uidHelp.optional(),
  /** Bangla versions, with the English ones' limits (left out or empty: none). */
  uid_message_bn: emptyToNull(200).optional(),
  redeem_steps_bn: redeemSteps.optional(),
  uid_help_bn: uidHelp.optional(),
});
export type ProductKindBody = z.infer<typeof ProductKindBody>;
