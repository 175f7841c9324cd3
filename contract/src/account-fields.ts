import {
  PLAYER_UID_INVALID,
  PLAYER_UID_INVALID_TITLE,
  PLAYER_UID_PATTERN,
  PLAYER_UID_REQUIRED,
} from './facts';
import { toAsciiDigits } from './digits';

/**
 * What a product asks the buyer for (DESIGN 11): nothing (gift cards, vouchers), a Player UID
 * with the game's own rule, or a Player UID plus a server/zone. The server checks an order with
 * the product's stored rule; the product page checks it first with the same function.
 */
export const ACCOUNT_FIELDS = ['none', 'player_uid', 'player_uid_zone'] as const;
export type AccountFieldsKind = (typeof ACCOUNT_FIELDS)[number];

export const DEFAULT_ZONE_LABEL = 'Zone ID';
/** A Player UID longer than this is never a game's: refused before any product pattern runs. */
export const PLAYER_UID_MAX = 32;
export const ZONE_MAX = 32;

export interface AccountRule {
  account_fields: AccountFieldsKind;
  /** The game's UID rule (a regular expression, matched whole); null: the spec's 8-12 digits. */
  uid_pattern: string | null;
  /** Shown when the UID breaks the rule; null: the spec's message. */
  uid_message: string | null;
  /** The zone field's label (player_uid_zone); null: 'Zone ID'. */
  zone_label: string | null;
}

/** The rule of a product stored before products had one: the spec's Player UID. */
export const LEGACY_ACCOUNT_RULE: AccountRule = {
  account_fields: 'player_uid',
  uid_pattern: null,
  uid_message: null,
  zone_label: null,
};

/** The pattern as a whole-string matcher, or undefined when it does not compile. */
export function uidMatcher(pattern: string | null | undefined): RegExp | undefined {
  if (!pattern) return PLAYER_UID_PATTERN;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

export type AccountProblem = { field: 'player_uid' | 'player_zone'; title: string; message: string };
export type AccountCheck =
  { ok: true; playerUid: string; playerZone: string | null } | ({ ok: false } & AccountProblem);

/** The account fields of an order for a product with this rule: what to store, or the problem. */
export function checkAccount(
  rule: AccountRule,
  input: { player_uid?: string | null; player_zone?: string | null },
): AccountCheck {
  if (rule.account_fields === 'none') return { ok: true, playerUid: '', playerZone: null };
  // Digits in any script are the same digits (a Bangla keyboard types ১২৩...): ASCII before the rule.
  const uid = toAsciiDigits(input.player_uid ?? '').trim();
  if (!uid) return fail('player_uid', PLAYER_UID_REQUIRED, PLAYER_UID_REQUIRED);
  // A stored pattern that no longer compiles falls back to the spec's rule rather than letting anything through.
  const matcher = uidMatcher(rule.uid_pattern) ?? PLAYER_UID_PATTERN;
  if (uid.length > PLAYER_UID_MAX || !matcher.test(uid))
    return fail('player_uid', PLAYER_UID_INVALID_TITLE, rule.uid_message || PLAYER_UID_INVALID);
  if (rule.account_fields === 'player_uid') return { ok: true, playerUid: uid, playerZone: null };
  const zone = toAsciiDigits(input.player_zone ?? '').trim();
  const label = rule.zone_label || DEFAULT_ZONE_LABEL;
  if (!zone) return fail('player_zone', `Please enter ${label}`, `Please enter ${label}`);
  if (zone.length > ZONE_MAX || !/^[\p{L}\p{N} _-]+$/u.test(zone))
    return fail('player_zone', `Invalid ${label}`, `Please enter a valid ${label}`);
  return { ok: true, playerUid: uid, playerZone: zone };
}

const fail = (field: AccountProblem['field'], title: string, message: string): AccountCheck => ({
  ok: false,
  field,
  title,
  message,
});
