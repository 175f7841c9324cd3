import { cancellationReasons } from '../transact';

/**
 * A batch of code writes cancelled because another transaction was writing the same items (a
 * claim, an import): worth another try after a pause. Throttling is not retried here (the SDK's
 * own retries have already been spent on it).
 */
export const isConflicted = (error: unknown): boolean =>
  Boolean(cancellationReasons(error)?.some((r) => r.code === 'TransactionConflict'));
