import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { jobs } from '@khelaghor/contract/jobs';

/**
 * Custom CloudWatch metrics as EMF log lines (no API call, no extra latency). Loaded lazily by the
 * kit and the jobs: only a failing request or a job run pays for it, not every cold start.
 * Locally (no Lambda) nothing is written: Powertools prints only where POWERTOOLS_METRICS_DISABLED
 * is unset and the function runs on Lambda.
 */
const METRIC_NAMESPACE = 'Khelaghor';

export type AnswerMetric = 'ServerErrors' | 'TooManyRequests';
export type JobMetric =
  | 'SweepErrors'
  | 'SweepLagSeconds'
  | 'NotifySendFailures'
  | 'NotificationsSent'
  /** Receiving numbers whose phone sent nothing for SMS_SILENT_MINUTES while TrxID requests wait. */
  | 'SilentSmsPhones'
  /** Supplier orders moved to the operator's queue by a sweep (unknown for 10 minutes, no balance...). */
  | 'FulfilmentQueued'
  /** Orders in the operator's queue whose supplier outcome stayed unknown for 10 minutes (alarm at 1). */
  | 'SupplierOutcomesUnknown'
  | 'FulfilmentErrors';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

function publish(name: string, value: number, dimensions: Record<string, string>, unit: Unit): void {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  const metrics = new Metrics({ namespace: METRIC_NAMESPACE, serviceName: 'khelaghor' });
  for (const [key, v] of Object.entries(dimensions)) metrics.addDimension(key, v);
  metrics.addMetric(name, unit, value);
  metrics.publishStoredMetrics();
}

/** An answer the alarms watch: a 5xx the kit turned into a response, or a 429. `area`: the handler's folder. */
export function countAnswer(name: AnswerMetric, area: string): void {
  publish(name, 1, { Area: area }, MetricUnit.Count);
}

export function recordJob(name: JobMetric, value: number): void {
  publish(name, value, {}, name === 'SweepLagSeconds' ? MetricUnit.Seconds : MetricUnit.Count);
}

/**
 * One per finished run of a scheduled job (contract/src/jobs.ts): the heartbeat alarm
 * (infra/src/job-heartbeats.ts) pages when it stops, so a job that no longer runs, or fails
 * every run, is noticed.
 */
export function recordHeartbeat(job: keyof typeof jobs): void {
  publish('JobHeartbeat', 1, { Job: job }, MetricUnit.Count);
}

/** One SMS a receiving phone forwarded and the shop kept, per receiving number (docs/sms-forwarder.md). */
export function countSmsReceived(receivingNumber: string): void {
  publish('SmsReceived', 1, { ReceivingNumber: receivingNumber }, MetricUnit.Count);
}
