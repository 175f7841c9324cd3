import { checkAccount } from '@khelaghor/contract/account-fields';
import type { ProductKind } from '@khelaghor/contract/schemas/product-kind';
import { productKind } from '../product-kind';
import { badRequest } from '../refusals';

/**
 * The account fields an order stores, checked against the product's own rule as stored (never a
 * rule from the request): a gift card takes none, a game its UID pattern, some a zone too. A
 * refusal names the field, with the product's message.
 */
export function orderAccount(
  product: Partial<ProductKind>,
  body: { player_uid?: string | null; player_zone?: string | null },
): { playerUid: string; playerZone: string | null } {
  const check = checkAccount(productKind(product), body);
  if (!check.ok) throw badRequest(check.message, { [check.field]: check.message });
  return { playerUid: check.playerUid, playerZone: check.playerZone };
}
