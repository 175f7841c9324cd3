/** Scheduled jobs (not HTTP routes). CDK schedules them; the local stack runs them on a timer. */
export const jobs = {
  sweeper: {
    handler: 'jobs/sweep-reservations',
    everyMinutes: 1,
    summary: 'Release expired code holds and poll the gateway about payments still pending',
  },
} as const;
