import { DEFAULT_ZONE_LABEL, LEGACY_ACCOUNT_RULE, uidMatcher } from '@khelaghor/contract/account-fields';
import { PLAYER_UID_INVALID, PLAYER_UID_PATTERN } from '@khelaghor/contract/facts';
import type { ProductKind, ProductKindBody } from '@khelaghor/contract/schemas/product-kind';

/**
 * A product's kind as stored, with the defaults of a product stored before kinds existed: a
 * Player UID with the spec's rule and no redeem help of its own.
 */
export function productKind(p: Partial<ProductKind>): ProductKind {
  const accountFields = p.account_fields ?? LEGACY_ACCOUNT_RULE.account_fields;
  return {
    account_fields: accountFields,
    uid_pattern: p.uid_pattern ?? null,
    uid_message: p.uid_message ?? null,
    zone_label: p.zone_label ?? null,
    redeem_steps: p.redeem_steps ?? [],
    redeem_url: p.redeem_url ?? null,
    // Help finding a Player ID means nothing on a product that asks for none (a gift card).
    uid_help: accountFields === 'none' ? [] : (p.uid_help ?? []),
    uid_message_bn: p.uid_message_bn ?? null,
    redeem_steps_bn: p.redeem_steps_bn ?? [],
    uid_help_bn: accountFields === 'none' ? [] : (p.uid_help_bn ?? []),
  };
}

/** The kind an admin's body sets (a field left out takes the default, as on a new product). */
export const kindFromBody = (body: ProductKindBody): ProductKind => productKind(body);

/** The spec's UID rule as a pattern matched whole, like a product's own. */
const SPEC_UID_PATTERN = PLAYER_UID_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * What an order for the product must carry, with the defaults resolved, for a system that sends
 * orders (the reseller catalogue): the same rule `checkAccount` applies to them.
 */
export function orderFields(kind: ProductKind) {
  const asksUid = kind.account_fields !== 'none';
  // checkAccount falls back to the spec's rule for a stored pattern that no longer compiles.
  const pattern = kind.uid_pattern && uidMatcher(kind.uid_pattern) ? kind.uid_pattern : SPEC_UID_PATTERN;
  return {
    account_fields: kind.account_fields,
    uid_pattern: asksUid ? pattern : null,
    uid_message: asksUid ? kind.uid_message || PLAYER_UID_INVALID : null,
    zone_label: kind.account_fields === 'player_uid_zone' ? kind.zone_label || DEFAULT_ZONE_LABEL : null,
  };
}
