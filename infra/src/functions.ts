import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { handlerEntry } from './paths';
import { cognitoActions, grantsKey, type Grants } from './permissions';

export interface FunctionFactoryProps {
  repoRoot: string;
  handlersDir: string;
  table: ITableV2;
  userPool: IUserPool;
  environment: Record<string, string>;
}

export interface FunctionSpec {
  /** Construct id, unique in the stack (from the route name or job name). */
  id: string;
  handler: string;
  description: string;
  grants: Grants;
  timeout?: Duration;
  /** Variables only this function gets, besides the shared ones. */
  environment?: Record<string, string>;
}

/**
 * Makes the Lambdas. Functions with the same grants share one role: a role per function would
 * cost two CloudFormation resources per route (the 500-resource stack limit is the real ceiling of
 * a one-stack app) without taking away anything the function needs.
 */
export class FunctionFactory extends Construct {
  readonly functions: NodejsFunction[] = [];
  private readonly roles = new Map<string, Role>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionFactoryProps,
  ) {
    super(scope, id);
  }

  create(spec: FunctionSpec): NodejsFunction {
    const { repoRoot, environment } = this.props;
    const logGroup = new LogGroup(this, `${spec.id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const fn = new NodejsFunction(this, spec.id, {
      entry: handlerEntry(this.props.handlersDir, spec.handler),
      handler: 'handler',
      description: spec.description.slice(0, 256),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // 512 MB: Lambda CPU scales with memory, and cold starts are what buyers notice.
      memorySize: 512,
      // API Gateway gives up at 30 s; the gateway client waits up to 15 s for UddoktaPay, and
      // should answer 502 itself rather than be killed by the Lambda timeout.
      timeout: spec.timeout ?? Duration.seconds(29),
      role: this.role(spec.grants),
      logGroup,
      environment: { ...environment, ...spec.environment },
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      bundling: {
        forceDockerBundling: false,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        target: 'node22',
        format: OutputFormat.CJS,
        tsconfig: join(repoRoot, 'tsconfig.json'),
        // The Node.js 22 runtime ships AWS SDK v3: leaving it out halves every bundle (~0.5 MB
        // instead of ~1 MB) and the synth time. Set [] to pin the SDK versions of package-lock.
        externalModules: ['@aws-sdk/*'],
      },
    });
    this.functions.push(fn);
    return fn;
  }

  private role(grants: Grants): Role {
    const key = grantsKey(grants);
    const existing = this.roles.get(key);
    if (existing) return existing;
    const name = key.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
    const role = new Role(this, `Role${name}`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Khelaghor Lambdas: table ${grants.table}, cognito ${grants.cognito}`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    if (grants.table === 'read') this.props.table.grantReadData(role);
    else this.props.table.grantReadWriteData(role);
    if (grants.cognito !== 'none') {
      role.addToPolicy(
        new PolicyStatement({
          actions: cognitoActions[grants.cognito],
          resources: [this.props.userPool.userPoolArn],
        }),
      );
    }
    this.roles.set(key, role);
    return role;
  }
}
