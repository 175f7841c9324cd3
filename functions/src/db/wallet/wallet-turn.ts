import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Db } from '../client';
import { isConflict } from '../conflict-retry';
import { keys } from '../keys';
import { isConditionFailure } from '../transact';
import { conflict } from '../../domain/refusals';

/**
 * One wallet order of an account at a time. Every wallet order's transaction writes the account's
 * balance item with `balance = :old`, so N orders of one account at once all race for that one
 * item: each round one wins and the others (on AWS: cancelled as TransactionConflict while the
 * winner is in flight, then refused on the moved balance) read again, and 20 orders at once took
 * ~20 rounds of growing pauses. A turn makes them queue instead: a short lease on an item of the
 * account's partition, taken with one conditional update by the order that finds it free, given
 * back at once after its transaction. Waiters poll it by reading (cheap, and within an item's read
 * rate on AWS), not by writing. Top-ups and admin changes take no turn: they race as before, and
 * the balance's own condition keeps every change exact either way.
 */
const TURN_MS = 5_000;
const turnKey = (userId: string) => ({ pk: keys.user(userId), sk: 'WALLET_TURN' });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Run `fn` holding the account's wallet turn; 409 'Your wallet is busy' when the turn does not come
 * before `deadline` (epoch ms). A holder that died frees the turn after TURN_MS.
 */
export async function withWalletTurn<T>(
  db: Db,
  userId: string,
  deadline: number,
  fn: () => Promise<T>,
): Promise<T> {
  const owner = ulid();
  for (let tries = 0; !(await takeTurn(db, userId, owner)); tries++) {
    if (Date.now() > deadline) throw conflict('Your wallet is busy. Please try again.');
    // Jittered, growing a little: the holder's order takes a few calls; waiters spread out.
    await sleep(Math.random() * Math.min(200, 20 * 2 ** tries));
    await waitWhileHeld(db, userId, deadline);
  }
  try {
    return await fn();
  } finally {
    await giveBack(db, userId, owner);
  }
}

/** Poll the turn by reading until it looks free (or expired), or the deadline passes. */
async function waitWhileHeld(db: Db, userId: string, deadline: number): Promise<void> {
  for (let n = 0; Date.now() < deadline; n++) {
    const res = await db.doc.send(
      new GetCommand({ TableName: db.table, Key: turnKey(userId), ProjectionExpression: 'turn_until' }),
    );
    const until = Number(res.Item?.turn_until ?? 0);
    if (until < Date.now()) return;
    // A turn lasts a few calls: a waiter that polls much slower leaves the turn idle between
    // orders, one that polls much faster only loads the table the holder is waiting on.
    await sleep(20 + Math.random() * Math.min(200, 20 * 2 ** n));
  }
}

async function takeTurn(db: Db, userId: string, owner: string): Promise<boolean> {
  const now = Date.now();
  try {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: turnKey(userId),
        UpdateExpression: 'SET turn_owner = :owner, turn_until = :until',
        // The turn only queues an account's own orders; what keeps the balance exact is the
        // balance's `balance = :old` in every order's transaction (balanceWrites).
        // guard-covered-by: balance.ts balanceWrites 'balance = :old' (functions/test/one-account-races.int.test.ts)
        ConditionExpression: 'attribute_not_exists(turn_until) OR turn_until < :now',
        ExpressionAttributeValues: { ':owner': owner, ':until': now + TURN_MS, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) || isConflict(error)) return false;
    throw error;
  }
}

/** Give the turn back at once (best effort: it expires anyway). */
async function giveBack(db: Db, userId: string, owner: string): Promise<void> {
  await db.doc
    .send(
      new DeleteCommand({
        TableName: db.table,
        Key: turnKey(userId),
        // Only our own turn: a late give-back never frees another order's. Two orders at once
        // would only race again, as before the turn (the balance condition keeps them exact).
        // guard-covered-by: balance.ts balanceWrites 'balance = :old' (functions/test/one-account-races.int.test.ts)
        ConditionExpression: 'turn_owner = :owner',
        ExpressionAttributeValues: { ':owner': owner },
      }),
    )
    .catch(() => undefined);
}
