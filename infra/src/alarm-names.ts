import { Aspects, Stack, Token, type IAspect } from 'aws-cdk-lib';
import { CfnAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import type { IConstruct } from 'constructs';

/**
 * Every alarm's name is `<stack>-<construct id>` (`Khelaghor-prod-App-SesBounceRate`) instead of
 * CloudFormation's generated one with a random tail: the name in the alarm email is the heading of
 * its runbook section in docs/operations.md.
 */
const alarmNameOf = (alarm: IConstruct): string => `${Stack.of(alarm).stackName}-${alarm.node.id}`;

const nameAlarms: IAspect = {
  visit(node: IConstruct) {
    // An alarm without a name of its own carries an unresolved token (its physical name).
    const unnamed = (name: string | undefined) => name === undefined || Token.isUnresolved(name);
    if (node instanceof CfnAlarm && unnamed(node.alarmName) && node.node.scope)
      node.alarmName = alarmNameOf(node.node.scope);
  },
};

/** Names the alarms of a stack (and of its nested stacks) after their construct ids. */
export function nameAlarmsOf(stack: Stack): void {
  Aspects.of(stack).add(nameAlarms);
}
