import type { Db } from '../../functions/src/db/client';

/**
 * Seed the demo shop's catalogue, codes and site content on first start (idempotent: does
 * nothing when the shop already has products). Filled in by the catalogue work.
 */
export async function seedCatalog(_db: Db): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
