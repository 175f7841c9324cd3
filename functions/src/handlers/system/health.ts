import { routes } from '@khelaghor/contract';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../db/client';
import { keys } from '../../db/keys';
import { defineHandler } from '../../kit/handler';

export const handler = defineHandler(routes.health, async () => {
  const { doc, table } = db();
  await doc.send(new GetCommand({ TableName: table, Key: keys.siteSettings() }));
  return { ok: true, time: new Date().toISOString() };
});
