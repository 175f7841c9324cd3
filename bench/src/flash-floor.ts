/**
 * The floor of a flash-sale round: the least a correct wallet claim does, at the same concurrency
 * on the same DynamoDB Local right after the sale. Each buyer takes a ticket of a random shard
 * (one conditional update), then reads its idempotency key, balance and the ticket's code in one
 * BatchGet, and a winner sells the code in one transaction with its order, its idempotency key,
 * its balance and its ledger entry. A refused buyer reads its key and every other shard's
 * counters at once and tries a shard with tickets left, until none has. What the floor leaves
 * out is what the ratio sale ÷ floor measures: the shop's own code, the pause and sold-out marks
 * that spread a loser's reads over many items, the saved player.
 */
import { randomUUID } from 'node:crypto';
import { batchGetItems, itemKey } from '../../functions/src/db/batch-get';
import type { Db } from '../../functions/src/db/client';
import { keys } from '../../functions/src/db/keys';
import { queryAll } from '../../functions/src/db/query-all';
import { takeTicket } from '../../functions/src/db/stock/tickets';
import { transact, write, type TransactItem } from '../../functions/src/db/transact';

/** Ticket → code of every shard of the variant (untimed setup). */
async function ticketCodes(db: Db, variantId: string, shards: number): Promise<Map<string, string>> {
  const codes = new Map<string, string>();
  for (let n = 0; n < shards; n++) {
    const items = await queryAll<{ sk: string; code_id: string }>(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ticket(variantId, n, 0).pk },
    });
    for (const item of items) codes.set(`${n}#${Number(item.sk)}`, item.code_id);
  }
  return codes;
}

/** Seconds the floor took for `buyers` (one client each) on the variant's codes, and how many sold. */
export async function floorRound(
  setup: Db,
  buyers: Array<{ db: Db; userId: string }>,
  variant: { variantId: string; shards: number },
  price: number,
): Promise<{ seconds: number; sold: number }> {
  const codes = await ticketCodes(setup, variant.variantId, variant.shards);
  const t0 = performance.now();
  const sold = await Promise.all(
    buyers.map(async ({ db, userId }) => {
      const key = keys.idempotency(userId, 'orders', randomUUID());
      const open = new Set(Array.from({ length: variant.shards }, (_, n) => n));
      let shard = Math.floor(Math.random() * variant.shards);
      let ticket = await takeTicket(db, variant.variantId, shard);
      while (typeof ticket === 'string' || 'empty' in ticket) {
        open.delete(shard);
        const left = await batchGetItems(
          db,
          [key, ...[...open].map((n) => keys.stockShard(variant.variantId, n))],
          {
            consistent: true,
          },
        );
        for (const n of open) {
          const s = left.get(itemKey(keys.stockShard(variant.variantId, n)));
          if (!s || Number(s.taken) >= Number(s.tickets)) open.delete(n);
        }
        if (open.size === 0) return 0;
        shard = [...open][Math.floor(Math.random() * open.size)]!;
        ticket = await takeTicket(db, variant.variantId, shard);
      }
      const found = await batchGetItems(
        db,
        [key, keys.profile(userId), keys.ticket(variant.variantId, shard, ticket.index)],
        { consistent: true },
      );
      const codeId = codes.get(`${shard}#${ticket.index}`)!;
      const balance = Number(found.get(itemKey(keys.profile(userId)))?.balance);
      const orderId = randomUUID();
      await transact(db, [
        write('code', {
          Update: {
            TableName: db.table,
            Key: keys.code(variant.variantId, codeId),
            UpdateExpression: 'SET #status = :delivered, user_id = :user REMOVE ticket',
            ConditionExpression: '#status = :available AND ticket = :ticket',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':delivered': 'delivered',
              ':available': 'available',
              ':user': userId,
              ':ticket': ticket.index,
            },
          },
        }),
        write('balance', balanceDown(db.table, userId, balance, price)),
        write('ledger', put(db.table, { ...keys.ledgerEntry(userId, orderId), amount: -price })),
        write('order', put(db.table, { ...keys.order(orderId), user_id: userId, code_id: codeId })),
        write('idempotency', put(db.table, { ...key, order_id: orderId })),
      ]);
      return 1;
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, sold: sold.reduce((a: number, b) => a + b, 0) };
}

const balanceDown = (table: string, userId: string, read: number, price: number): TransactItem => ({
  Update: {
    TableName: table,
    Key: keys.profile(userId),
    UpdateExpression: 'SET balance = :after',
    ConditionExpression: 'balance = :read AND balance >= :price',
    ExpressionAttributeValues: { ':after': read - price, ':read': read, ':price': price },
  },
});

const put = (table: string, Item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(pk)' },
});
