import { spoken } from '@khelaghor/contract/api-messages';
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
  // The message may be the product's own rule, written by the admin: `other` when not the catalogue's.
  if (!check.ok) throw badRequest(spoken(check.message), { [check.field]: check.message });
  return { playerUid: check.playerUid, playerZone: check.playerZone };
}
