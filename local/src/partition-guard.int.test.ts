import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '../../functions/src/db/keys';
import { freshTable } from '../../test/db';
import { invoke, invokeRaw } from '../../test/invoke';
import { asRoute, installPartitionGuard } from './partition-guard';

installPartitionGuard();

describe('the local LeadingKeys check against DynamoDB Local', () => {
  it("refuses a call outside the running route's partitions, as IAM would", async () => {
    const db = await freshTable('guard');
    const read = () => db.doc.send(new GetCommand({ TableName: db.table, Key: keys.product('p1') }));
    await expect(asRoute({ path: '/api/site', partitions: ['SITE'] }, read)).rejects.toThrow(
      /AccessDenied|may touch only/,
    );
    await expect(asRoute({ path: '/api/catalog', partitions: ['CATALOG'] }, read)).resolves.toHaveProperty(
      '$metadata.httpStatusCode',
      200,
    );
    // Routes without declared partitions (and code outside any route) are not limited.
    await expect(asRoute({ path: '/api/orders' }, read)).resolves.toHaveProperty(
      '$metadata.httpStatusCode',
      200,
    );
    await expect(read()).resolves.toHaveProperty('$metadata.httpStatusCode', 200);
  });

  it('lets the public routes do their work inside their partitions', async () => {
    await freshTable('guard-routes');
    expect((await invoke('getCatalog')).status).toBe(200);
    expect((await invoke('getSite')).status).toBe(200);
    expect((await invoke('health')).status).toBe(200);
    expect((await invokeRaw('sitemap')).status).toBe(200);
  });
});
