import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client';
import { keys } from './keys';

/** One cheap read, so a health check proves the table answers. */
export async function pingTable(db: Db): Promise<void> {
  await db.doc.send(new GetCommand({ TableName: db.table, Key: keys.siteSettings() }));
}
