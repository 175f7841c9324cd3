import * as z from '../zod';
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
  uid_pattern: z.nullable(z.string()),
  uid_message: z.nullable(z.string()),
  zone_label: z.nullable(z.string()),
  redeem_steps: z.array(z.string()),
  redeem_url: z.nullable(z.string()),
  /** 'How to find your Player ID' on the product page, one short step per line (empty: no help shown). */
  uid_help: z.array(z.string()),
  /** The admin's Bangla versions (null/empty: the SPA shows the English ones in Bangla too). */
  uid_message_bn: z.nullable(z.string()),
  redeem_steps_bn: z.array(z.string()),
  uid_help_bn: z.array(z.string()),
});
export type ProductKind = z.infer<typeof ProductKind>;

const emptyToNull = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`))),
    z.transform((v) => (v ? v : null)),
  );

const redeemSteps = z.pipe(
  z
    .array(z.string().check(z.trim(), z.maxLength(300, 'Each step must be at most 300 characters')))
    .check(z.maxLength(10, 'At most 10 steps')),
  z.transform((steps) => steps.filter(Boolean)),
);

const uidHelp = z.pipe(
  z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(UID_HELP_STEP_MAX, `Each step must be at most ${UID_HELP_STEP_MAX} characters`),
        ),
    )
    .check(z.maxLength(UID_HELP_MAX_STEPS, `At most ${UID_HELP_MAX_STEPS} steps`)),
  z.transform((steps) => steps.filter(Boolean)),
);

/**
 * The kind fields of the admin's product body. Each may be left out (a body from before kinds):
 * the server then stores a Player UID with the spec's rule and no redeem help.
 */
export const ProductKindBody = z.object({
  account_fields: z.optional(z.enum(ACCOUNT_FIELDS, { error: 'Please choose the account fields' })),
  uid_pattern: z.optional(
    emptyToNull(200).check(
      z.refine((v) => v === null || uidMatcher(v) !== undefined, {
        message: 'Not a valid regular expression',
      }),
    ),
  ),
  uid_message: z.optional(emptyToNull(200)),
  zone_label: z.optional(emptyToNull(40)),
  redeem_steps: z.optional(redeemSteps),
  redeem_url: z.optional(
    emptyToNull(500).check(
      z.refine((v) => v === null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), {
        message: 'Redeem link must be an https:// address',
      }),
    ),
  ),
  uid_help: z.optional(uidHelp),
  /** Bangla versions, with the English ones' limits (left out or empty: none). */
  uid_message_bn: z.optional(emptyToNull(200)),
  redeem_steps_bn: z.optional(redeemSteps),
  uid_help_bn: z.optional(uidHelp),
});
export type ProductKindBody = z.infer<typeof ProductKindBody>;
