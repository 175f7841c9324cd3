import { LEGACY_ACCOUNT_RULE } from '@khelaghor/contract/account-fields';
import type { ProductKind, ProductKindBody } from '@khelaghor/contract/schemas/product-kind';

/**
 * A product's kind as stored, with the defaults of a product stored before kinds existed: a
 * Player UID with the spec's rule and no redeem help of its own.
 */
export function productKind(p: Partial<ProductKind>): ProductKind {
  return {
    account_fields: p.account_fields ?? LEGACY_ACCOUNT_RULE.account_fields,
    uid_pattern: p.uid_pattern ?? null,
    uid_message: p.uid_message ?? null,
    zone_label: p.zone_label ?? null,
    redeem_steps: p.redeem_steps ?? [],
    redeem_url: p.redeem_url ?? null,
  };
}

/** The kind an admin's body sets (a field left out takes the default, as on a new product). */
export const kindFromBody = (body: ProductKindBody): ProductKind => productKind(body);
