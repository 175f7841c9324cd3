import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * On AWS a write that meets another transaction on one of its items is refused with nothing
 * written: a transaction is cancelled with a `TransactionConflict` reason, a single write with
 * TransactionConflictException. Neither is retried by the SDK, and DynamoDB Local never answers
 * either. Sending the same request again is safe (its conditions are checked anew), so every call
 * of the shop's client does, a few times with a jittered pause; a cancellation in which a
 * condition failed is a decision, not a conflict, and goes back to the caller at once.
 */
// Six tries, pauses doubling from about 20 ms (at most 2.5 s in all): with four, two requests of
// one buyer meeting the SMS matcher on one TrxID item (or five meeting on two unpaid slots) could
// still meet a fourth time on a loaded machine, and an honest request was answered 'busy'.
const CONFLICT_ATTEMPTS = 6;

interface CancelledReason {
  Code?: string;
}

export function isConflict(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: CancelledReason[] } | undefined;
  if (e?.name === 'TransactionConflictException') return true;
  if (e?.name !== 'TransactionCanceledException') return false;
  const codes = (e.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

const pause = (attempt: number) =>
  new Promise<void>((r) => setTimeout(r, (10 + Math.random() * 30) * 2 ** attempt));

/** Add the retry to a client's middleware stack (outermost, so each try is a whole new send). */
export function retryConflicts(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await next(args);
        } catch (error) {
          if (attempt >= CONFLICT_ATTEMPTS || !isConflict(error)) throw error;
          await pause(attempt);
        }
      }
    },
    { step: 'initialize', name: 'retryTransactionConflicts', priority: 'high' },
  );
}
