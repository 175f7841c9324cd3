import { systemRoutes } from '@khelaghor/contract/routes/system';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../db/client';
import { keys } from '../../db/keys';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(systemRoutes.health, async () => {
  const { doc, table } = db();
  await doc.send(new GetCommand({ TableName: table, Key: keys.siteSettings() }));
  return { ok: true, time: new Date().toISOString() };
});
