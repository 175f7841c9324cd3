import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** CloudWatch lets one metric-math alarm use at most 10 metrics. */
const METRICS_PER_ALARM = 10;
const period = Duration.minutes(1);

export interface MonitoringProps {
  functions: IFunction[];
  table: ITableV2;
  indexNames: string[];
  httpApi: HttpApi;
  alarmEmail?: string;
}

function sumAlarm(scope: Construct, id: string, description: string, metrics: IMetric[], threshold: number): Alarm {
  const usingMetrics = Object.fromEntries(metrics.map((m, i) => [`m${i}`, m]));
  const expression = `SUM([${metrics.map((_, i) => `FILL(m${i}, 0)`).join(', ')}])`;
  return new Alarm(scope, id, {
    alarmDescription: description,
    metric: new MathExpression({ expression, usingMetrics, period, label: id }),
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Alarms that page the shop owner: any Lambda error (summed over groups of up to 10 functions, so
 * the alarm count grows by 1 per 10 routes), Lambda throttles, DynamoDB throttles on the table or
 * an index, and API Gateway 5xx answers. They notify one SNS topic.
 */
export function createAlarms(scope: Construct, props: MonitoringProps): Topic {
  const topic = new Topic(scope, 'AlarmTopic', { displayName: 'Khelaghor alarms' });
  if (props.alarmEmail) topic.addSubscription(new EmailSubscription(props.alarmEmail));
  const action = new SnsAction(topic);
  const alarms: Alarm[] = [];

  chunks(props.functions, METRICS_PER_ALARM).forEach((group, i) => {
    const names = group.map((f) => f.node.id).join(', ');
    const errors = group.map((f) => f.metricErrors({ statistic: 'Sum', period }));
    alarms.push(sumAlarm(scope, `LambdaErrors${i + 1}`, `Lambda errors (crashes, timeouts) in: ${names}`, errors, 1));
  });
  // Throttling comes from the region's shared concurrency pool, so the regional metric is the
  // signal (one alarm metric instead of one per function; each alarm metric costs $0.10/month).
  alarms.push(
    new Alarm(scope, 'LambdaThrottles', {
      alarmDescription: 'Lambda throttled invocations in this account and region (concurrency limit reached)',
      metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  const tableName = props.table.tableName;
  const ddb = (metricName: string, index?: string) =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap: index ? { TableName: tableName, GlobalSecondaryIndexName: index } : { TableName: tableName },
      statistic: 'Sum',
      period,
    });
  const throttleMetrics = [undefined, ...props.indexNames].flatMap((index) => [
    ddb('ReadThrottleEvents', index),
    ddb('WriteThrottleEvents', index),
  ]);
  chunks(throttleMetrics, METRICS_PER_ALARM).forEach((group, i) => {
    const id = i === 0 ? 'DynamoDbThrottles' : `DynamoDbThrottles${i + 1}`;
    alarms.push(sumAlarm(scope, id, 'DynamoDB read/write throttles on the table or an index', group, 1));
  });

  const api5xx = new Metric({
    namespace: 'AWS/ApiGateway',
    metricName: '5xx',
    dimensionsMap: { ApiId: props.httpApi.apiId },
    statistic: 'Sum',
    period,
  });
  alarms.push(
    new Alarm(scope, 'Api5xx', {
      alarmDescription: 'API Gateway answered 5xx (5 or more in a minute)',
      metric: api5xx,
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  );

  for (const alarm of alarms) alarm.addAlarmAction(action);
  return topic;
}
