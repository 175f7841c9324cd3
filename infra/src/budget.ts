import { Stack } from 'aws-cdk-lib';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import type { Construct } from 'constructs';

/**
 * A monthly cost budget for the whole account (AWS Budgets cannot see a stack, and a tag filter
 * stays at $0 until the tag is activated for billing, which would silence it): an email to the
 * alarm address when the month's actual cost passes 80 % of the amount, and when the forecast
 * passes 100 %. Runaway cost (a loop, a flood of requests, a forgotten resource) pages someone.
 */
export function createBudget(scope: Construct, props: { amountUsd: number; email: string }): CfnBudget {
  const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
    notification: {
      notificationType,
      comparisonOperator: 'GREATER_THAN',
      threshold,
      thresholdType: 'PERCENTAGE',
    },
    subscribers: [{ subscriptionType: 'EMAIL', address: props.email }],
  });
  return new CfnBudget(scope, 'MonthlyBudget', {
    budget: {
      budgetName: `${Stack.of(scope).stackName}-monthly`,
      budgetType: 'COST',
      timeUnit: 'MONTHLY',
      budgetLimit: { amount: props.amountUsd, unit: 'USD' },
    },
    notificationsWithSubscribers: [notify('ACTUAL', 80), notify('FORECASTED', 100)],
  });
}
