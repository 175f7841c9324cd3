import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, itemKey } from '../batch-get';
import type { Db } from '../client';
import { availableSortKeys, keys, listQuery, lists } from '../keys';
import { queryAll } from '../query-all';
import { isConditionFailure, write } from '../transact';
import { shardCount, shardKeys } from './stock-shards';
import { ticketAgain } from './tickets';

/**
 * A ticket handed out this long ago whose code is still available was never used: its holder
 * failed without giving it back, or died (place-order's Lambda is cut at 29 s, API Gateway's
 * limit). The sweeper runs every minute, so a ticket is judged one run after it was seen taken.
 */
export const STRANDED_AFTER_MS = 60_000;

/**
 * The sweeper's part of the stock: codes back from a released hold (restock items) and codes
 * whose ticket was never used get their shard's next numbers, so they are sold again. Answers
 * how many of each.
 */
export async function restockCodes(db: Db, now: Date): Promise<{ returned: number; stranded: number }> {
  const iso = now.toISOString();
  return { returned: await restockReturned(db, iso), stranded: await restockStranded(db, now) };
}

/** Codes back from released holds get numbers: every restock item, or just `only`'s. */
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
  for (const group of groupBy(items, (i) => `${i.variant_id}#${i.stock_shard}`).values()) {
    const { variant_id: variantId, stock_shard: shard } = group[0]!;
    const codes = group.map((i) => ({ id: i.code_id }));
    const numbered = await ticketAgain(db, { variantId, shard }, codes, now, (batch) =>
      batch.map((c) =>
        write(`restock:${c.id}`, {
          Delete: { TableName: db.table, Key: keys.restock(variantId, shard, c.id) },
        }),
      ),
    ).catch(() => 0);
    done += numbered;
    // A code sold or deleted since its release keeps nothing to restock: its item goes.
    if (numbered < codes.length)
      for (const c of codes)
        await db.doc
          .send(
            new DeleteCommand({
              TableName: db.table,
              Key: keys.restock(variantId, shard, c.id),
              ConditionExpression: 'attribute_exists(pk)',
            }),
          )
          .catch(() => undefined);
  }
  return done;
}

/**
 * Each shard remembers what its `taken` was at the sweeper's last look (`swept_taken`, at
 * `swept_at`): an available code with a lower ticket, looked at STRANDED_AFTER_MS later, was never
 * used. `checked_taken` is the mark last looked below, so each ticket is judged once and a shard
 * that handed out nothing since costs no read.
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
    { consistent: true, projection: 'tickets, taken, swept_taken, swept_at, checked_taken, stock' },
  );
  let done = 0;
  for (const w of wanted) {
    const item = found.get(itemKey(w.key));
    const taken = Number(item?.taken ?? 0);
    const swept = Number(item?.swept_taken ?? 0);
    const checked = Number(item?.checked_taken ?? 0);
    if (!item) continue;
    if (item.tickets === undefined && item.stock !== undefined) {
      done += await numberOlderCodes(db, w, now.toISOString());
      continue;
    }
    const due = swept > checked && now.getTime() - Date.parse(String(item.swept_at)) >= STRANDED_AFTER_MS;
    if (due) {
      const res = await db.doc.send(
        new QueryCommand({
          TableName: db.table,
          ...listQuery(lists.availableCodes(w.variantId, w.shard), {
            sk: '#sk BETWEEN :from AND :to',
            values: {
              ':from': availableSortKeys.firstTicketed,
              ':to': availableSortKeys.ticketed(swept - 1),
            },
          }),
          ProjectionExpression: 'sk, gsi1sk',
        }),
      );
      const codes = (res.Items ?? []).map((i) => ({
        id: String(i.sk).slice(keys.codePrefix().length),
        from: Number(String(i.gsi1sk).slice(availableSortKeys.firstTicketed.length)),
      }));
      if (codes.length) done += await ticketAgain(db, w, codes, now.toISOString()).catch(() => 0);
    }
    if (taken !== swept || due)
      await markSwept(db, w, { taken, before: swept, checked: due ? swept : checked }, now);
  }
  return done;
}

/**
 * A shard from before tickets (its `stock` a counter of its available codes): those codes get
 * its first numbers, and the counter goes.
 */
async function numberOlderCodes(
  db: Db,
  shard: { variantId: string; shard: number },
  now: string,
): Promise<number> {
  const listed = await queryAll<{ sk: string }>(db, {
    ...listQuery(lists.availableCodes(shard.variantId, shard.shard)),
    ProjectionExpression: 'sk',
  });
  const codes = listed.map((i) => ({ id: String(i.sk).slice(keys.codePrefix().length) }));
  const done = codes.length ? await ticketAgain(db, shard, codes, now) : 0;
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(shard.variantId, shard.shard),
        UpdateExpression:
          'SET tickets = if_not_exists(tickets, :zero), taken = if_not_exists(taken, :zero) REMOVE stock, free_ids',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    )
    .catch(() => undefined);
  return done;
}

/** The shard's `taken` as the sweeper saw it now (skipped when a sale wrote the shard meanwhile). */
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

function groupBy<T>(items: T[], by: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(by(item), [...(groups.get(by(item)) ?? []), item]);
  return groups;
}
