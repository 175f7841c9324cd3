import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AUDIT_KEY_PREFIX } from '@khelaghor/contract/table';
import { Architecture, Function as LambdaFunction, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { AppSecretName, CodeGrants } from './code-grants';
import { BUNDLE_HANDLER, type LambdaBundles } from './lambda-bundles';
import { LAMBDA_RUNTIME } from './lambda-bundling';
import { handlerEntry } from './paths';

export interface FunctionFactoryProps {
  handlersDir: string;
  /** The one build of every handler (lambda-bundles.ts): each function's code is its bundle's folder. */
  bundles: LambdaBundles;
  table: ITableV2;
  userPool: IUserPool;
  gatewaySecret: ISecret;
  /**
   * The shop's rotating secrets: a function whose code reads one (grants.secrets) gets its ARN as
   * `<name>_ARN` and may read that secret only; no function's environment holds a secret's value.
   */
  appSecrets: Record<AppSecretName, ISecret>;
  /** The table's indexes: a role that queries gets these, never index/*. */
  indexNames: string[];
  environment: Record<string, string>;
  /**
   * The factory whose log groups these functions write to (the parent stack's, for a nested
   * stack's functions): two groups for the whole shop, however many stacks hold its functions.
   */
  logGroupsOf?: FunctionFactory;
}

export interface FunctionSpec {
  /** Construct id, unique in the stack (from the route name or job name). */
  id: string;
  handler: string;
  description: string;
  /** What the handler's code calls (code-grants.ts): the role allows exactly that. */
  grants: CodeGrants;
  /** The route's `partitions`: its table grant carries them as a dynamodb:LeadingKeys condition. */
  partitions?: readonly string[];
  /** The job worker this function may start (a route row's kicksJob). */
  kicks?: IFunction;
  timeout?: Duration;
  /** Payment and order logs are the shop's evidence in a dispute: kept 400 days. */
  logRetention?: RetentionDays;
  reservedConcurrency?: number;
  /** Permissions beyond the table, pool and secret (the notifier's SES send): a role of its own. */
  statements?: PolicyStatement[];
  /** Variables only this function gets, besides the shared ones. */
  environment?: Record<string, string>;
}

/**
 * Makes the Lambdas. Functions whose code makes the same calls share one role (a role per
 * function would cost two more CloudFormation resources per route, and take away nothing).
 */
export class FunctionFactory extends Construct {
  readonly functions: LambdaFunction[] = [];
  readonly roles = new Map<string, Role>();
  private readonly logGroups = new Map<RetentionDays, LogGroup>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionFactoryProps,
  ) {
    super(scope, id);
  }

  create(spec: FunctionSpec): LambdaFunction {
    const { bundles, environment } = this.props;
    const logGroup = (this.props.logGroupsOf ?? this).logGroup(spec.logRetention ?? RetentionDays.ONE_MONTH);
    const role = this.role(spec);
    logGroup.grantWrite(role);
    const fn = new LambdaFunction(this, spec.id, {
      // ESM with the SDK inside, exactly as the bundles bench times it (lambda-bundling.ts).
      code: bundles.code(handlerEntry(this.props.handlersDir, spec.handler)),
      handler: BUNDLE_HANDLER,
      description: spec.description.slice(0, 256),
      runtime: LAMBDA_RUNTIME,
      architecture: Architecture.ARM_64,
      // 512 MB: Lambda CPU scales with memory, and cold starts are what buyers notice.
      memorySize: 512,
      // API Gateway gives up at 30 s; the gateway client waits up to 15 s for UddoktaPay, and
      // should answer 502 itself rather than be killed by the Lambda timeout.
      timeout: spec.timeout ?? Duration.seconds(29),
      role,
      logGroup,
      reservedConcurrentExecutions: spec.reservedConcurrency,
      environment: {
        ...environment,
        ...(spec.grants.gatewaySecret.length > 0 && {
          GATEWAY_SECRET_ARN: this.props.gatewaySecret.secretArn,
        }),
        ...Object.fromEntries(
          [...new Set([...spec.grants.secrets, ...spec.grants.secretWrites])].map((name) => [
            `${name}_ARN`,
            this.props.appSecrets[name].secretArn,
          ]),
        ),
        ...spec.environment,
      },
    });
    this.functions.push(fn);
    return fn;
  }

  /**
   * One log group per retention, shared by the functions: a group per function would cost 66 of
   * the stack's 500 resources. Every line carries its route (runtime/logger.ts), so Logs Insights
   * still tells the functions apart.
   */
  logGroup(retention: RetentionDays): LogGroup {
    const existing = this.logGroups.get(retention);
    if (existing) return existing;
    const long = retention !== RetentionDays.ONE_MONTH;
    const group = new LogGroup(this, long ? 'MoneyLogs' : 'Logs', {
      retention,
      // Payment and order logs outlive a stack deletion: they are the evidence in a dispute.
      removalPolicy: long ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.logGroups.set(retention, group);
    return group;
  }

  private role(spec: FunctionSpec): Role {
    const { grants } = spec;
    const key = JSON.stringify({
      ...grants,
      kicks: spec.kicks?.node.id,
      partitions: spec.partitions,
      statements: spec.statements?.map((st) => st.toJSON()),
    });
    const existing = this.roles.get(key);
    if (existing) return existing;
    const role = new Role(this, `Role${this.roles.size + 1}`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Khelaghor Lambdas that call: ${[
        ...grants.table,
        ...grants.userPool,
        ...grants.gatewaySecret,
      ]
        .map((a) => a.split(':')[1])
        .join(' ')}`.slice(0, 1000),
    });
    const { table, userPool, gatewaySecret } = this.props;
    if (grants.table.length > 0) {
      role.addToPolicy(
        new PolicyStatement({
          actions: grants.table,
          resources: [
            table.tableArn,
            ...(grants.queriesIndex
              ? this.props.indexNames.map((name) => `${table.tableArn}/index/${name}`)
              : []),
          ],
          // Checked locally too (local/src/partition-guard.ts), so a wrong list fails the tests.
          ...(spec.partitions && {
            conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...spec.partitions] } },
          }),
        }),
      );
    }
    // The audit trail is only ever added to (functions/src/db/audit/): no function may change or
    // delete an entry, whatever its other grants say (a role held to its partitions never reaches one).
    if (!spec.partitions && grants.table.some((a) => /UpdateItem|DeleteItem|BatchWriteItem/.test(a)))
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.DENY,
          actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
          resources: [table.tableArn],
          conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_KEY_PREFIX}*`] } },
        }),
      );
    if (grants.userPool.length > 0)
      role.addToPolicy(new PolicyStatement({ actions: grants.userPool, resources: [userPool.userPoolArn] }));
    if (grants.gatewaySecret.length > 0)
      role.addToPolicy(
        new PolicyStatement({ actions: grants.gatewaySecret, resources: [gatewaySecret.secretArn] }),
      );
    if (grants.secrets.length > 0)
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: grants.secrets.map((name) => this.props.appSecrets[name].secretArn),
        }),
      );
    if (grants.secretWrites.length > 0)
      role.addToPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:PutSecretValue'],
          resources: grants.secretWrites.map((name) => this.props.appSecrets[name].secretArn),
        }),
      );
    // The unqualified function only (grantInvoke would add its versions, <arn>:*).
    if (spec.kicks)
      role.addToPolicy(
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [spec.kicks.functionArn] }),
      );
    for (const statement of spec.statements ?? []) role.addToPolicy(statement);
    this.roles.set(key, role);
    return role;
  }
}
