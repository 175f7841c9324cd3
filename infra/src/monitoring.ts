import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** Where the kit and the sweeper publish (functions/src/runtime/metrics.ts). */
const NAMESPACE = 'Khelaghor';
const SERVICE = 'khelaghor';
/** CloudWatch lets one metric-math alarm use at most 10 metrics. */
const METRICS_PER_ALARM = 10;
const minute = Duration.minutes(1);
/** Percent of the API's answers (over 5 minutes) that pages: any 4xx, and 403 alone. */
const API_SHARES = { clientErrors: 30, forbidden: 20 } as const;
const fiveMinutes = Duration.minutes(5);

export interface MonitoringProps {
  functions: IFunction[];
  table: ITableV2;
  indexNames: string[];
  httpApi: HttpApi;
  /** The API's access log (JSON lines with `status`): its 403s are counted from it. */
  apiAccessLogs: ILogGroup;
  userPool: IUserPool;
  userPoolClients: IUserPoolClient[];
  /** Handler folders (`payments`, `orders`…): the Area dimension of the kit's metrics. */
  areas: string[];
  /** Areas whose handled 5xx answers page someone at the first one: money moves there. */
  moneyAreas: string[];
  alarmEmail?: string;
  /** The sweeper's silent-phone check's minutes (named in the alarm's description). */
  smsSilentMinutes: number;
}

const sumOf = (metrics: IMetric[], label: string, period = minute) =>
  new MathExpression({
    expression: `SUM([${metrics.map((_, i) => `FILL(m${i}, 0)`).join(', ')}])`,
    usingMetrics: Object.fromEntries(metrics.map((m, i) => [`m${i}`, m])),
    period,
    label,
  });

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const own = (metricName: string, dimensionsMap: Record<string, string>, statistic = 'Sum', period = minute) =>
  new Metric({
    namespace: NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE, ...dimensionsMap },
    statistic,
    period,
  });

/**
 * The alarms that page the shop owner (one SNS topic, an email subscription) and one dashboard.
 * Handled errors (the kit answers 500/502 itself, so Lambda counts no error) come from the kit's
 * EMF metrics; a sweeper that stops running or falls behind is caught by its own metrics.
 */
export function createMonitoring(scope: Construct, props: MonitoringProps): Topic {
  const topic = new Topic(scope, 'AlarmTopic', { displayName: 'Khelaghor alarms', enforceSSL: true });
  if (props.alarmEmail) topic.addSubscription(new EmailSubscription(props.alarmEmail));
  const alarms: Alarm[] = [];
  const alarm = (
    id: string,
    description: string,
    metric: IMetric,
    threshold: number,
    opts: { periods?: number; missing?: TreatMissingData; below?: boolean } = {},
  ) => {
    const a = new Alarm(scope, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: opts.periods ?? 1,
      comparisonOperator: opts.below
        ? ComparisonOperator.LESS_THAN_THRESHOLD
        : ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: opts.missing ?? TreatMissingData.NOT_BREACHING,
    });
    alarms.push(a);
    return a;
  };

  // Crashes and timeouts, summed over groups of up to 10 functions.
  chunks(props.functions, METRICS_PER_ALARM).forEach((group, i) => {
    const names = group.map((f) => f.node.id).join(', ');
    const errors = group.map((f) => f.metricErrors({ statistic: 'Sum', period: minute }));
    alarm(
      `LambdaErrors${i + 1}`,
      `Lambda errors (crashes, timeouts) in: ${names}`,
      sumOf(errors, `LambdaErrors${i + 1}`),
      1,
    );
  });
  // Throttling comes from the region's shared concurrency pool: the regional metric is the signal.
  alarm(
    'LambdaThrottles',
    'Lambda throttled invocations in this account and region (concurrency limit reached)',
    new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: minute }),
    1,
  );

  for (const area of props.moneyAreas) {
    alarm(
      `HandledErrors${area[0]!.toUpperCase()}${area.slice(1)}`,
      `5xx answers from the ${area} functions (gateway down, a bug): money may be waiting`,
      own('ServerErrors', { Area: area }, 'Sum', fiveMinutes),
      1,
    );
  }
  const tooMany = chunks(props.areas, METRICS_PER_ALARM).map((group, i) =>
    alarm(
      `TooManyRequests${i + 1}`,
      '429 answers (unpaid-order or lookup limits) over 100 in 5 minutes: abuse, or limits too tight',
      sumOf(
        group.map((area) => own('TooManyRequests', { Area: area }, 'Sum', fiveMinutes)),
        'TooManyRequests',
        fiveMinutes,
      ),
      100,
    ),
  );

  // The sweeper counts the receiving accounts whose phone forwarded nothing while a TrxID request
  // waited smsSilentMinutes for its SMS (use-cases/payments/sms-phone-watch.ts): requests then
  // wait for an admin. Missing data is not a breach: the sweeper's own alarms cover its silence.
  alarm(
    'SilentSmsPhone',
    `A receiving phone sent no SMS for ${props.smsSilentMinutes} minutes while a TrxID request waits for it (phone off, no signal, forwarder stopped): docs/sms-forwarder.md`,
    own('SilentSmsPhones', {}, 'Maximum', fiveMinutes),
    1,
  );

  // Issue 31: a supplier order whose outcome stayed unknown for 10 minutes waits for an operator
  // (the sweeper counts the queue every run, use-cases/fulfilment/queue-view.ts). It clears once
  // an operator has completed or refunded it in admin Fulfilment.
  alarm(
    'SupplierOutcomeUnknown',
    "A supplier's answer to an order has been unknown for 10 minutes: the order waits in admin Fulfilment (docs/operations.md)",
    own('SupplierOutcomesUnknown', {}, 'Maximum', fiveMinutes),
    1,
  );

  const sweepErrors = own('SweepErrors', {}, 'Sum', fiveMinutes);
  alarm('SweeperErrors', 'The sweeper failed to check or settle a payment', sweepErrors, 1);
  const sweepLag = own('SweepLagSeconds', {}, 'Maximum', fiveMinutes);
  // Missing data means the sweeper did not run at all (it reports every minute, even with 0).
  alarm(
    'SweeperBacklog',
    'The sweeper is more than 5 minutes behind, or has stopped running',
    sweepLag,
    300,
    {
      periods: 2,
      missing: TreatMissingData.BREACHING,
    },
  );

  const api = (metricName: string, statistic: string, period = minute) =>
    new Metric({
      namespace: 'AWS/ApiGateway',
      metricName,
      dimensionsMap: { ApiId: props.httpApi.apiId },
      statistic,
      period,
    });
  alarm('Api5xx', 'API Gateway answered 5xx (5 or more in a minute)', api('5xx', 'Sum'), 5);
  alarm('ApiLatencyP99', 'API p99 latency over 3 s for 5 minutes', api('Latency', 'p99', fiveMinutes), 3000);
  // Shares of the API's answers, once there are enough requests to speak of a share. 4xx are
  // normal one by one (expired sessions, sold out, bad input); a third of all answers is not.
  // `key` names the expression's metrics: two shares in one graph cannot reuse an id.
  const share = (key: string, label: string, part: IMetric, minRequests: number) =>
    new MathExpression({
      expression: `IF(${key}Requests >= ${minRequests}, 100 * FILL(${key}Part, 0) / ${key}Requests, 0)`,
      usingMetrics: { [`${key}Requests`]: api('Count', 'Sum', fiveMinutes), [`${key}Part`]: part },
      period: fiveMinutes,
      label,
    });
  const clientErrorShare = share('clientErrors', 'API 4xx (%)', api('4xx', 'Sum', fiveMinutes), 50);
  alarm(
    'Api4xxRate',
    `API 4xx answers at ${API_SHARES.clientErrors} % or more of requests for 15 minutes`,
    clientErrorShare,
    API_SHARES.clientErrors,
    { periods: 3 },
  );
  // A shop-wide 403 is the origin lock out of step (CloudFront's x-origin-verify value and the
  // functions' disagree after a rotation or a half-finished deploy): every buyer is refused.
  const forbidden = new MetricFilter(scope, 'Api403Filter', {
    logGroup: props.apiAccessLogs,
    filterPattern: FilterPattern.stringValue('$.status', '=', '403'),
    metricNamespace: NAMESPACE,
    metricName: 'Api403',
    metricValue: '1',
  }).metric({ statistic: 'Sum', period: fiveMinutes });
  const forbiddenShare = share('forbidden', 'API 403 (%)', forbidden, 20);
  alarm(
    'Api403Rate',
    `API 403 answers at ${API_SHARES.forbidden} % or more of requests for 10 minutes (origin lock out of step?)`,
    forbiddenShare,
    API_SHARES.forbidden,
    { periods: 2 },
  );

  // Cognito refuses sign-ups, sign-ins or token refreshes over its quotas: buyers cannot get in.
  const cognito = ['SignUpThrottles', 'SignInThrottles', 'TokenRefreshThrottles'].flatMap((metricName) =>
    props.userPoolClients.map(
      (client) =>
        new Metric({
          namespace: 'AWS/Cognito',
          metricName,
          dimensionsMap: { UserPool: props.userPool.userPoolId, UserPoolClient: client.userPoolClientId },
          statistic: 'Sum',
          period: fiveMinutes,
        }),
    ),
  );
  const cognitoThrottles = chunks(cognito, METRICS_PER_ALARM).map((group, i) => {
    const id = i === 0 ? 'CognitoThrottles' : `CognitoThrottles${i + 1}`;
    return alarm(
      id,
      'Cognito throttled sign-ups, sign-ins or token refreshes (a quota reached)',
      sumOf(group, id, fiveMinutes),
      1,
    ).metric;
  });

  const tableName = props.table.tableName;
  const ddb = (metricName: string, index?: string, statistic = 'Sum') =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap: index
        ? { TableName: tableName, GlobalSecondaryIndexName: index }
        : { TableName: tableName },
      statistic,
      period: minute,
    });
  const throttleMetrics = [undefined, ...props.indexNames].flatMap((index) => [
    ddb('ReadThrottleEvents', index),
    ddb('WriteThrottleEvents', index),
  ]);
  chunks(throttleMetrics, METRICS_PER_ALARM).forEach((group, i) => {
    const id = i === 0 ? 'DynamoDbThrottles' : `DynamoDbThrottles${i + 1}`;
    alarm(id, 'DynamoDB read/write throttles on the table or an index', sumOf(group, id), 1);
  });
  // Conflicts are normal in a flash sale (buyers racing for the same code); a steady stream is not.
  alarm(
    'TransactionConflicts',
    'DynamoDB transaction conflicts over 200 a minute for 5 minutes',
    ddb('TransactionConflict'),
    200,
    { periods: 5 },
  );

  const action = new SnsAction(topic);
  for (const a of alarms) a.addAlarmAction(action);

  new Dashboard(scope, 'Dashboard', {
    defaultInterval: Duration.hours(6),
    widgets: [
      [
        new GraphWidget({
          title: 'API requests and errors',
          left: [api('Count', 'Sum'), api('4xx', 'Sum'), api('5xx', 'Sum')],
        }),
        new GraphWidget({ title: 'API latency (ms)', left: [api('Latency', 'p50'), api('Latency', 'p99')] }),
        new GraphWidget({
          title: 'Handled 5xx and 429 by area',
          left: props.areas.map((area) => own('ServerErrors', { Area: area })),
          right: [tooMany[0]!.metric],
        }),
      ],
      [
        new GraphWidget({ title: 'Sweeper lag (s) and errors', left: [sweepLag], right: [sweepErrors] }),
        new GraphWidget({
          title: 'DynamoDB consumed units',
          left: [ddb('ConsumedWriteCapacityUnits'), ddb('ConsumedReadCapacityUnits')],
        }),
        new GraphWidget({
          title: 'DynamoDB throttles and conflicts',
          left: [ddb('WriteThrottleEvents'), ddb('ReadThrottleEvents')],
          right: [ddb('TransactionConflict')],
        }),
      ],
      [
        new GraphWidget({
          title: 'API 4xx and 403 (% of requests)',
          left: [clientErrorShare, forbiddenShare],
        }),
        new GraphWidget({ title: 'Cognito throttles', left: cognitoThrottles }),
      ],
    ],
  });
  return topic;
}
