/**
 * The admin's Bangla name and description of a product or package, read where the public types do
 * not carry them yet.
 * TODO(contract): name_bn/description_bn on CatalogProduct and PublicVariant
 * (contract/src/schemas/catalog-public.ts); once there, use the fields and delete this cast.
 */
export const banglaFields = (item: object) =>
  item as { name_bn?: string | null; description_bn?: string | null };
