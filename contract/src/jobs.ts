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
} as const;
