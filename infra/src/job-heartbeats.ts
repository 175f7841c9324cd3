import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { constructId } from './route-stacks';

/** Where each job publishes its heartbeat (functions/src/runtime/metrics.ts recordHeartbeat). */
export const HEARTBEAT = {
  namespace: 'Khelaghor',
  metricName: 'JobHeartbeat',
  service: 'khelaghor',
} as const;

/**
 * How long a job may stay silent: a job every minute, 10 minutes (two 5-minute periods, so one
 * slow run or a Scheduler hiccup does not page); a slower job, two of its own intervals.
 */
function heartbeatWindow(everyMinutes: number): { period: Duration; periods: number } {
  return { period: Duration.minutes(Math.max(5, everyMinutes)), periods: 2 };
}

/**
 * One alarm per scheduled job on the heartbeat it emits at the end of every run: missing data
 * breaches, so a job that stopped being scheduled, or that fails before its end every time,
 * pages the owner. `jobs` are the contract's names (contract/src/jobs.ts), the metric's Job.
 */
export function createJobHeartbeats(
  scope: Construct,
  props: { jobs: Array<[name: string, job: { everyMinutes: number }]>; alarmTopic: ITopic },
): Alarm[] {
  return props.jobs.map(([name, job]) => {
    const { period, periods } = heartbeatWindow(job.everyMinutes);
    const alarm = new Alarm(scope, `Heartbeat${constructId(name)}`, {
      alarmDescription: `The ${name} job (every ${job.everyMinutes} min) has not finished a run for ${periods * period.toMinutes()} minutes: docs/operations.md`,
      metric: new Metric({
        namespace: HEARTBEAT.namespace,
        metricName: HEARTBEAT.metricName,
        dimensionsMap: { service: HEARTBEAT.service, Job: name },
        statistic: 'Sum',
        period,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: periods,
      treatMissingData: TreatMissingData.BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(props.alarmTopic));
    return alarm;
  });
}
