import { type CfnResource, Stack, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/** Acknowledge a cdk-nag (AwsSolutions) finding on one construct and what it holds, with why. */
export function acknowledge(scope: IConstruct, rule: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
}

/**
 * The role aws-cdk-lib makes for EventBridge Scheduler may invoke the job and its versions
 * (<arn>:*); cdk-nag names each such finding by the function's logical id.
 */
export function acknowledgeSchedulerRole(stack: Stack, job: IFunction): void {
  const logicalId = stack.getLogicalId(job.node.defaultChild as CfnResource);
  acknowledge(
    stack,
    `IAM5[Resource::<${logicalId}.Arn>:*]`,
    "EventBridge Scheduler's role invokes the job Lambda and its versions: aws-cdk-lib grants it so",
  );
}

/**
 * The helper Lambda of aws-cdk-lib's BucketDeployment (it copies the SPA into the bucket): its
 * role, policy and runtime are the construct's, which our code cannot shape.
 */
export function acknowledgeFindings(stack: Stack): void {
  for (const child of stack.node.children) {
    if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
    const why =
      "aws-cdk-lib's BucketDeployment helper (copies the built SPA to S3): the construct's own role and runtime";
    const bucket = stack.node.tryFindChild('SpaBucket')?.node.defaultChild as CfnResource | undefined;
    const findings = [
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      ...['GetBucket*', 'GetObject*', 'List*', 'Abort*', 'DeleteObject*'].map((a) => `IAM5[Action::s3:${a}]`),
      `IAM5[Resource::arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-${stack.region}/*]`,
      ...(bucket ? [`IAM5[Resource::<${stack.getLogicalId(bucket)}.Arn>/*]`] : []),
      'L1',
    ];
    for (const finding of findings) acknowledge(child, finding, why);
  }
}
