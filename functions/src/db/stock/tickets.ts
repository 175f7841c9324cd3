import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Db } from '../client';
import { availableSortKeys, indexKeys, keys } from '../keys';
import {
  isConditionFailure,
  transact,
  write,
  WriteRefused,
  type TransactItem,
  type Write,
} from '../transact';
import { toStockShard, type StockShard } from './stock-shards';
import { isConflict } from '../conflict-retry';
import { dhakaDay } from '@khelaghor/contract/dhaka-day';
import { POPULAR_DAYS } from '../../domain/catalog/package-badges';

/*
 * Tickets of a stock shard (see stock-shards.ts). Ticket i of shard n is an item that names the
 * code it sells; a buyer takes the next number with one conditional update of the shard
 * (takeTicket) and claims that code in its own transaction (claim-code.ts). Whoever takes a
 * shard's last ticket marks it sold out, in SOLD_OUT_REPLICAS copies, inside its claim: a buyer
 * refused by one shard reads one copy of every shard's mark instead of every shard's counters,
 * so no item is read by every loser. A shard that gets new numbers (codes added, codes back in
 * stock) loses its marks in the same transaction.
 */

/** Copies of each shard's sold-out mark: each is read by 1 / SOLD_OUT_REPLICAS of the refused buyers. */
export const SOLD_OUT_REPLICAS = 12;

export interface Ticket {
  shard: number;
  index: number;
  /** This was the shard's last ticket: the claim marks the shard sold out. */
  last: boolean;
}

/**
 * The shard's count of tickets taken on a Dhaka day (`sold_<day>`): the product page's 'Popular'
 * reads it with the shards (sales-counts.ts), so a sale writes no item for it. A ticket given
 * back takes one off the day it comes back.
 */
export const soldOn = (day: string) => `sold_${day}`;
/** Day counts older than the Popular window go with the next ticket (a week's margin). */
const staleDays = (day: string) =>
  Array.from({ length: POPULAR_DAYS }, (_, i) =>
    soldOn(
      new Date(Date.parse(`${day}T00:00:00.000Z`) - (POPULAR_DAYS + 1 + i) * 86_400_000)
        .toISOString()
        .slice(0, 10),
    ),
  );

/** A shard with no ticket left, and when it handed out its last (ms; undefined: never, or long ago). */
export interface Empty {
  empty: true;
  lastTicketAt?: number;
}

/**
 * Take the next ticket of a shard: one conditional update, which also counts it on today's day
 * and stamps its time. Empty when every ticket is handed out (or the shard has none), 'closed'
 * when a delete job is removing the variant's codes.
 */
export async function takeTicket(
  db: Db,
  variantId: string,
  shard: number,
  now = new Date(),
): Promise<Ticket | Empty | 'closed'> {
  const day = dhakaDay(now);
  const stale = staleDays(day);
  try {
    const res = await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: keys.stockShard(variantId, shard),
        UpdateExpression: `SET taken = taken + :one, ticket_at = :at, #sold = if_not_exists(#sold, :zero) + :one REMOVE ${stale.map((_, i) => `#old${i}`).join(', ')}`,
        // The only thing that hands out a ticket: a number below `tickets`, each once.
        ConditionExpression: 'taken < tickets AND attribute_not_exists(deleting_job)',
        ExpressionAttributeNames: {
          '#sold': soldOn(day),
          ...Object.fromEntries(stale.map((name, i) => [`#old${i}`, name])),
        },
        // The stamp is the real time (refused buyers compare it with theirs); the day, the order's.
        ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':at': Date.now() },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    const { tickets, taken } = toStockShard(res.Attributes);
    return { shard, index: taken - 1, last: taken === tickets };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The refused item comes as DynamoDB sends it (attribute values), not as the document client's.
    const raw = (error as { Item?: Record<string, AttributeValue> }).Item;
    const old = raw && unmarshall(raw);
    if (old && 'deleting_job' in old) return 'closed';
    return { empty: true, lastTicketAt: old?.ticket_at === undefined ? undefined : Number(old.ticket_at) };
  }
}

/** The code a ticket names (undefined: no such ticket, e.g. its code was deleted since). */
export const ticketCode = (item: Record<string, unknown> | undefined) =>
  item?.code_id === undefined ? undefined : String(item.code_id);

/** The ticket items of a claim: its ticket goes (it is used), the sold-out marks come when it was the last. */
export function claimTicketWrites(table: string, variantId: string, ticket: Ticket): Write[] {
  const used = write('ticket', {
    Delete: { TableName: table, Key: keys.ticket(variantId, ticket.shard, ticket.index) },
  });
  if (!ticket.last) return [used];
  return [
    used,
    ...replicas().map((r) =>
      write(`sold_out:${r}`, {
        Put: {
          TableName: table,
          Item: {
            ...keys.soldOut(variantId, r, ticket.shard),
            type: 'sold_out',
            tickets: ticket.index + 1,
            // A mark outlives no sale: gone with the table's TTL, a shard still sold out is read itself.
            ttl: Math.floor(Date.now() / 1000) + MARK_DAYS * 86_400,
          },
        },
      }),
    ),
  ];
}

/** Days a sold-out mark is kept (a deleted variant's marks go too). */
const MARK_DAYS = 7;

const replicas = () => Array.from({ length: SOLD_OUT_REPLICAS }, (_, r) => r);

/** The marks of a shard go: it has tickets again. */
export const reopenItems = (table: string, variantId: string, shard: number): TransactItem[] =>
  replicas().map((r) => ({ Delete: { TableName: table, Key: keys.soldOut(variantId, r, shard) } }));

/** Keys of one replica of every shard's sold-out mark (the replica picked at random). */
export const soldOutKeys = (variantId: string, shards: number[], random: () => number) => {
  const r = Math.floor(random() * SOLD_OUT_REPLICAS);
  return shards.map((shard) => keys.soldOut(variantId, r, shard));
};

/** A shard's counters, read strongly consistent (what new numbers start from). */
export async function readShard(
  db: Db,
  variantId: string,
  shard: number,
): Promise<StockShard & { exists: boolean }> {
  const res = await db.doc.send(
    new GetCommand({
      TableName: db.table,
      Key: keys.stockShard(variantId, shard),
      ProjectionExpression: 'tickets, taken',
      ConsistentRead: true,
    }),
  );
  return { ...toStockShard(res.Item), exists: Boolean(res.Item) };
}

/**
 * The shard gets `count` new numbers after `seen` (its `tickets` as read): condition that nobody
 * else added numbers meanwhile, and, for `open`, that no delete job runs. `create` also makes a
 * shard never written (an import).
 */
export function appendTicketsItem(
  table: string,
  shard: { variantId: string; shard: number },
  seen: number,
  count: number,
  now: string,
  /** `uncount`: the numbers go to codes whose tickets were counted taken (given back): today's count goes down. */
  opts: { create?: boolean; uncount?: boolean } = {},
): TransactItem {
  // The first numbers: a new shard (an import), or one from before tickets (the sweeper numbers its codes).
  const fresh =
    seen !== 0
      ? ''
      : opts.create
        ? 'attribute_not_exists(tickets) OR '
        : '(attribute_exists(pk) AND attribute_not_exists(tickets)) OR ';
  return {
    Update: {
      TableName: table,
      Key: keys.stockShard(shard.variantId, shard.shard),
      UpdateExpression:
        'SET tickets = :next, taken = if_not_exists(taken, :zero), variant_id = :variant, stock_shard = :shard, updated_at = :now' +
        (opts.uncount ? ', #sold = if_not_exists(#sold, :zero) - :count' : ''),
      ...(opts.uncount && { ExpressionAttributeNames: { '#sold': soldOn(dhakaDay(now)) } }),
      // Numbers are handed in order, each once: a concurrent addition read the same `tickets`.
      ConditionExpression: `(${fresh}tickets = :seen) AND attribute_not_exists(deleting_job)`,
      ExpressionAttributeValues: {
        ':next': seen + count,
        ':seen': seen,
        ':zero': 0,
        ':variant': shard.variantId,
        ':shard': shard.shard,
        ':now': now,
        ...(opts.uncount && { ':count': count }),
      },
    },
  };
}

/** The ticket item of number `index`, naming its code. */
export const ticketPut = (
  table: string,
  shard: { variantId: string; shard: number },
  index: number,
  codeId: string,
): TransactItem => ({
  Put: {
    TableName: table,
    Item: { ...keys.ticket(shard.variantId, shard.shard, index), type: 'ticket', code_id: codeId },
  },
});

/** Items of a code numbered again: its new ticket, the code, its old ticket's item, one of the caller's. */
const ITEMS_PER_CODE = 4;
/** Codes numbered again per transaction: the shard + its marks + ITEMS_PER_CODE a code <= 100. */
const PER_TRANSACTION = Math.floor((100 - 1 - SOLD_OUT_REPLICAS) / ITEMS_PER_CODE);

/**
 * Codes of one shard that are available again get the shard's next numbers: codes whose ticket
 * was handed out but never used (its holder failed or died; its old ticket item goes), and codes
 * back from a released hold. `from`: the code's current ticket, or undefined for a returned code;
 * a code that changed since (sold, deleted, numbered again) is left alone. `uncount`: their
 * tickets were counted taken (not so for codes from before tickets). `extra`: at most one write
 * of the caller's per code. Answers how many got a ticket; throws when the shard kept moving.
 */
export async function ticketAgain(
  db: Db,
  shard: { variantId: string; shard: number },
  codes: Array<{ id: string; from?: number }>,
  now: string,
  opts: { uncount?: boolean; extra?: (codes: Array<{ id: string }>) => Write[] } = {},
): Promise<number> {
  let done = 0;
  for (let start = 0; start < codes.length; start += PER_TRANSACTION) {
    const batch = codes.slice(start, start + PER_TRANSACTION);
    for (let attempt = 0; ; attempt++) {
      const { tickets } = await readShard(db, shard.variantId, shard.shard);
      const writes: Write[] = [
        write(
          'stock',
          appendTicketsItem(db.table, shard, tickets, batch.length, now, { uncount: opts.uncount }),
        ),
        ...reopenItems(db.table, shard.variantId, shard.shard).map((item, r) => write(`reopen:${r}`, item)),
        ...batch.flatMap((code, i) => [
          write(`ticket:${code.id}`, ticketPut(db.table, shard, tickets + i, code.id)),
          write(`code:${code.id}`, numberCodeItem(db.table, shard, code, tickets + i, now)),
          ...(code.from === undefined
            ? []
            : [
                write(`old:${code.id}`, {
                  Delete: { TableName: db.table, Key: keys.ticket(shard.variantId, shard.shard, code.from) },
                }),
              ]),
        ]),
        ...(opts.extra?.(batch) ?? []),
      ];
      try {
        await transact(db, writes);
        done += batch.length;
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        if (error instanceof WriteRefused && !error.has('stock')) {
          // Codes that moved meanwhile stay out; the rest are tried again.
          const moved = new Set(batch.filter((c) => error.has(`code:${c.id}`)).map((c) => c.id));
          if (moved.size === 0) throw error;
          batch.splice(0, batch.length, ...batch.filter((c) => !moved.has(c.id)));
          if (batch.length === 0) break;
        } else if (!(error instanceof WriteRefused) && !isConflict(error)) throw error;
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 40 * (attempt + 1)));
      }
    }
  }
  return done;
}

/** The code item takes ticket `index`: still available, and still at the ticket it was read with. */
function numberCodeItem(
  table: string,
  shard: { variantId: string; shard: number },
  code: { id: string; from?: number },
  index: number,
  now: string,
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.code(shard.variantId, code.id),
      UpdateExpression:
        'SET ticket = :index, stock_shard = :shard, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk, updated_at = :now',
      // A code sold, deleted or numbered again since it was read keeps what it has.
      // guard-covered-by: "#status = :available" by ticket = :from (functions/test/db-guards.int.test.ts, numbers given again go after the last, once)
      ConditionExpression:
        code.from === undefined
          ? '#status = :available AND attribute_not_exists(ticket)'
          : '#status = :available AND ticket = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':available': 'available',
        ':index': index,
        ':shard': shard.shard,
        ':gsi1pk': indexKeys.availableCodes(shard.variantId, shard.shard),
        ':gsi1sk': availableSortKeys.ticketed(index),
        ':now': now,
        ...(code.from !== undefined && { ':from': code.from }),
      },
    },
  };
}

/** Best effort: a holder gives its ticket back at once (else the sweeper does, after the Lambda timeout). */
export async function giveTicketBack(
  db: Db,
  variantId: string,
  ticket: { shard: number; index: number },
  codeId: string,
  now: string,
): Promise<void> {
  await ticketAgain(db, { variantId, shard: ticket.shard }, [{ id: codeId, from: ticket.index }], now, {
    uncount: true,
  }).catch(() => undefined);
}
