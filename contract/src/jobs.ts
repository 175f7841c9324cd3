/** Scheduled jobs (not HTTP routes). CDK schedules them; the local stack runs them on a timer. */
export const jobs = {
  sweeper: {
    handler: 'jobs/sweep-reservations',
    everyMinutes: 1,
    summary: 'Release expired code holds and poll the gateway about payments still pending',
  },
  adminJobs: {
    handler: 'jobs/run-admin-jobs',
    everyMinutes: 1,
    summary: 'Continue long admin jobs (deleting a variant with many codes) in bounded slices',
  },
  dailySummary: {
    handler: 'jobs/daily-summary',
    everyMinutes: 60,
    summary:
      "Write yesterday's shop summary (orders, revenue, top packages, stock) once; the notifier mails it",
  },
  reconciliation: {
    handler: 'jobs/reconcile-day',
    everyMinutes: 60,
    summary:
      'Reconcile yesterday (Asia/Dhaka) once: gateway invoices, manual payments, supplier orders, wallet ledgers',
  },
  retryCallbacks: {
    handler: 'jobs/retry-callbacks',
    everyMinutes: 1,
    summary:
      'Send the reseller callbacks whose next attempt is due (back-off 1-32 minutes, then hourly, for 24 hours)',
  },
} as const;

/** A function fed by the table's change stream; `eventNames`: only these kinds of change (default: all). */
export interface StreamConsumer {
  handler: string;
  summary: string;
  keyPrefixes: readonly string[];
  batchSize: number;
  eventNames?: readonly ('INSERT' | 'MODIFY' | 'REMOVE')[];
}

/**
 * Functions fed by the table's change stream (DynamoDB Streams on AWS; the local stack polls
 * DynamoDB Local's stream and calls the same handler). Only changes of items whose `pk` starts
 * with one of `keyPrefixes` are delivered: the Lambda event filter on AWS, the poller locally.
 */
export const streamConsumers = {
  notifier: {
    handler: 'jobs/notify',
    summary:
      'Send the receipts, the buyers\u2019 notices and the shop\u2019s alerts of committed changes, once each',
    keyPrefixes: ['ORDER#', 'PAYMENT#', 'USER#', 'STOCK#', 'SUMMARY#', 'SUPPLIERALERT#', 'RECON#'],
    batchSize: 25,
  },
  smsMatcher: {
    handler: 'jobs/match-sms',
    summary:
      'Credit a TrxID request the moment its SMS and its request are both in, or send it to the admin with the failed control',
    keyPrefixes: ['SMS#', 'PAYMENT#'],
    // A new SMS or a new request is what it decides on: a payment's later changes are not its business.
    eventNames: ['INSERT'],
    batchSize: 25,
  },
  resellerCallbacks: {
    handler: 'jobs/send-callbacks',
    summary:
      'Send a reseller callback the moment it is due (a reseller order completed, failed or refunded; sent again)',
    keyPrefixes: ['CALLBACK#'],
    batchSize: 10,
  },
} as const satisfies Record<string, StreamConsumer>;
