import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, getItem, itemKey } from '../batch-get';
import type { Db } from '../client';
import { availableSortKeys, keys, listQuery, lists } from '../keys';
import { queryAll } from '../query-all';
import { isConditionFailure, write } from '../transact';
import { shardCount, shardKeys } from './stock-shards';
import { ticketAgain } from './tickets';

/**
 * A ticket handed out this long ago whose code is still available was never used: its holder
 * failed without giving it back, or died (a route's Lambda is cut at 29 s, as API Gateway cuts
 * the request). The sweeper runs every minute: a ticket seen taken is judged on a run this long
 * after, so one run later at the earliest.
 */
export const STRANDED_AFTER_MS = 45_000;

/**
 * The sweeper's part of the stock: codes back from a released hold (restock items), codes whose
 * ticket was never used, and codes of shards from before tickets get their shard's next numbers,
 * so they are sold again. Answers how many of each kind.
 */
export async function restockCodes(db: Db, now: Date): Promise<{ returned: number; stranded: number }> {
  const iso = now.toISOString();
  return { returned: await restockReturned(db, iso), stranded: await restockStranded(db, now) };
}

/**
 * Codes back from released holds get numbers: every restock item, or just `only`'s. A group the
 * shard kept refusing keeps its items for the next run; a code sold or deleted since its release
 * loses its item.
 */
export async function restockReturned(
  db: Db,
  now: string,
  only?: { variantId: string; shard: number; codeId: string },
): Promise<number> {
  const items = only
    ? [{ variant_id: only.variantId, stock_shard: only.shard, code_id: only.codeId }]
    : await queryAll<{ variant_id: string; stock_shard: number; code_id: string }>(db, {
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.restockPartition() },
        ConsistentRead: true,
      });
  let done = 0;
  for (const group of Map.groupBy(items, (i) => `${i.variant_id}#${i.stock_shard}`).values()) {
    const { variant_id: variantId, stock_shard: shard } = group[0]!;
    const restockItem = (id: string) => keys.restock(variantId, shard, id);
    const codes = group.map((i) => ({ id: i.code_id }));
    const numbered = await ticketAgain(db, { variantId, shard }, codes, now, {
      uncount: true,
      extra: (batch) =>
        batch.map((c) =>
          write(`restock:${c.id}`, { Delete: { TableName: db.table, Key: restockItem(c.id) } }),
        ),
    }).catch(() => undefined);
    if (numbered === undefined) continue;
    done += numbered;
    if (numbered === codes.length) continue;
    for (const c of codes) {
      const code = await getItem<{ status?: string; ticket?: number }>(db, keys.code(variantId, c.id));
      if (code?.status === 'available' && code.ticket === undefined) continue; // still to be numbered
      await db.doc.send(new DeleteCommand({ TableName: db.table, Key: restockItem(c.id) }));
    }
  }
  return done;
}

/**
 * Each shard remembers what its `taken` was at a look of the sweeper (`swept_taken`, at
 * `swept_at`): an available code with a lower ticket, looked at STRANDED_AFTER_MS later, was never
 * used. `checked_taken` is the mark last looked below: a mark stays until it is judged, each
 * ticket is judged once, and a shard that handed out nothing since costs no read.
 */
async function restockStranded(db: Db, now: Date): Promise<number> {
  const variants = await queryAll<{ type: string; id: string; stock_shards?: number }>(db, {
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: '#type = :variant',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':pk': keys.catalog(), ':variant': 'variant' },
    ProjectionExpression: 'id, stock_shards, #type',
  });
  const wanted = variants.flatMap((v) =>
    shardKeys(v.id, shardCount(v)).map((key, shard) => ({ key, variantId: v.id, shard })),
  );
  const found = await batchGetItems(
    db,
    wanted.map((w) => w.key),
    { consistent: true, projection: 'taken, swept_taken, swept_at, checked_taken, stock' },
  );
  let done = 0;
  for (const w of wanted) {
    const item = found.get(itemKey(w.key));
    if (!item) continue;
    if (item.stock !== undefined) done += await numberOlderCodes(db, w, now.toISOString());
    const taken = Number(item.taken ?? 0);
    const swept = Number(item.swept_taken ?? 0);
    const checked = Number(item.checked_taken ?? 0);
    const due = swept > checked && now.getTime() - Date.parse(String(item.swept_at)) >= STRANDED_AFTER_MS;
    if (due) done += await numberStranded(db, w, swept, now.toISOString());
    // A new mark only once the last one is judged, so a shard that keeps selling is judged too.
    if (due || (swept === checked && taken !== swept))
      await markSwept(db, w, { taken, before: swept, checked: due ? swept : checked }, now);
  }
  return done;
}

/** Available codes of a shard whose ticket is below `below` (handed out long ago): numbered again. */
async function numberStranded(
  db: Db,
  shard: { variantId: string; shard: number },
  below: number,
  now: string,
): Promise<number> {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      ...listQuery(lists.availableCodes(shard.variantId, shard.shard), {
        sk: '#sk BETWEEN :from AND :to',
        values: { ':from': availableSortKeys.firstTicketed, ':to': availableSortKeys.ticketed(below - 1) },
      }),
      ProjectionExpression: 'sk, gsi1sk',
    }),
  );
  const codes = (res.Items ?? []).map((i) => ({
    id: String(i.sk).slice(keys.codePrefix().length),
    from: Number(String(i.gsi1sk).slice(availableSortKeys.firstTicketed.length)),
  }));
  return codes.length ? await ticketAgain(db, shard, codes, now, { uncount: true }).catch(() => 0) : 0;
}

/**
 * A shard from before tickets (its `stock` a counter of its available codes, which sort before
 * `R#` on its list): those codes get its next numbers, and the counter goes.
 */
async function numberOlderCodes(
  db: Db,
  shard: { variantId: string; shard: number },
  now: string,
): Promise<number> {
  const listed = await queryAll<{ sk: string }>(db, {
    ...listQuery(lists.availableCodes(shard.variantId, shard.shard), {
      sk: '#sk < :returned',
      values: { ':returned': availableSortKeys.returned('') },
    }),
    ProjectionExpression: 'sk',
  });
  const codes = listed.map((i) => ({ id: String(i.sk).slice(keys.codePrefix().length) }));
  const done = codes.length ? await ticketAgain(db, shard, codes, now) : 0;
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: keys.stockShard(shard.variantId, shard.shard),
      UpdateExpression:
        'SET tickets = if_not_exists(tickets, :zero), taken = if_not_exists(taken, :zero) REMOVE stock, free_ids',
      ExpressionAttributeValues: { ':zero': 0 },
    }),
  );
  return done;
}

/** The shard's `taken` as the sweeper saw it now (skipped when another sweeper marked it meanwhile). */
async function markSwept(
  db: Db,
  shard: { variantId: string; shard: number },
  { taken, before, checked }: { taken: number; before: number; checked: number },
  now: Date,
): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(shard.variantId, shard.shard),
        UpdateExpression: 'SET swept_taken = :taken, swept_at = :now, checked_taken = :checked',
        ConditionExpression: 'attribute_not_exists(swept_taken) OR swept_taken = :before',
        ExpressionAttributeValues: {
          ':taken': taken,
          ':now': now.toISOString(),
          ':before': before,
          ':checked': checked,
        },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
