import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

export interface CancellationReason {
  code: string;
  item?: Record<string, unknown>;
}

/**
 * Per-item reasons of a cancelled transaction, in the order of its items ('None' for items that
 * did not fail), or undefined when the error is not a cancelled transaction. Items returned by
 * ReturnValuesOnConditionCheckFailure come in raw attribute format: unmarshalled here.
 */
export function cancellationReasons(error: unknown): CancellationReason[] | undefined {
  if (
    !(error instanceof TransactionCanceledException) &&
    (error as Error)?.name !== 'TransactionCanceledException'
  ) {
    return undefined;
  }
  const reasons = (error as TransactionCanceledException).CancellationReasons ?? [];
  return reasons.map((r) => ({
    code: r.Code ?? 'None',
    ...(r.Item && { item: unmarshall(r.Item) }),
  }));
}

/** True when a single-item write (Put, Update, Delete) failed its ConditionExpression. */
export function isConditionFailure(error: unknown): boolean {
  return (error as Error)?.name === 'ConditionalCheckFailedException';
}

/** True when item `index` of a cancelled transaction failed its condition. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  return cancellationReasons(error)?.[index]?.code === 'ConditionalCheckFailed';
}
