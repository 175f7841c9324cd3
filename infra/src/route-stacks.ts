import { NestedStack, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { addRoute, type RouteRow } from './api';
import { FunctionFactory, type FunctionFactoryProps, type FunctionSpec } from './functions';

/**
 * Rows per nested stack. A route costs 4 resources (function, route, integration, permission)
 * plus at most a role and its policy: 40 rows stay under 250 of CloudFormation's 500, and under
 * 200 outputs (the parent reads one per function, for its alarms).
 */
export const ROUTES_PER_STACK = 40;

/** A route row's area: the folder of its handler (`admin-catalog/list-products` -> `admin-catalog`). */
export const areaOf = (handler: string) => handler.split('/')[0]!;

/**
 * Areas renamed or split after their routes were deployed, and the area whose nested stack keeps
 * them: a route moved to another stack would be created there before it is deleted here (see
 * routeGroups), so the rows stay where they are deployed. `reseller` became `resellers`; the site
 * settings left `admin-catalog` for `admin-site`.
 */
const DEPLOYED_AREA: Readonly<Record<string, string>> = {
  resellers: 'reseller',
  'admin-site': 'admin-catalog',
};

/** The area whose nested stack holds a row (its own, unless renamed after it was deployed). */
export const stackAreaOf = (handler: string) => DEPLOYED_AREA[areaOf(handler)] ?? areaOf(handler);

/** PascalCase construct id from a route, job or area name (`adminListOrders` -> `AdminListOrders`). */
export function constructId(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/**
 * The nested stacks' ids and their rows: one stack per area (`RoutesAdminCatalog`), in the route
 * table's order, with a second one (`RoutesAdminCatalog2`) once an area outgrows ROUTES_PER_STACK.
 * A row appended to its area's file lands in the area's last stack, so the rows already deployed
 * never move: a route moved to another stack would be created there before it is deleted here,
 * and API Gateway refuses two routes with the same key.
 */
export function routeGroups(routes: RouteRow[]): Map<string, RouteRow[]> {
  const byArea = new Map<string, RouteRow[]>();
  for (const row of routes) {
    const area = stackAreaOf(row.handler);
    byArea.set(area, [...(byArea.get(area) ?? []), row]);
  }
  const groups = new Map<string, RouteRow[]>();
  for (const [area, rows] of byArea) {
    for (let i = 0; i < rows.length; i += ROUTES_PER_STACK) {
      const n = i / ROUTES_PER_STACK + 1;
      groups.set(`Routes${constructId(area)}${n > 1 ? n : ''}`, rows.slice(i, i + ROUTES_PER_STACK));
    }
  }
  return groups;
}

export interface RouteStacksProps {
  routes: RouteRow[];
  httpApi: HttpApi;
  authorizer: HttpUserPoolAuthorizer;
  /** The parent's factory: its props (minus the log groups, which stay its own) and log groups. */
  factory: FunctionFactory;
  factoryProps: FunctionFactoryProps;
  /** The function of one row (its construct id is the row's: constructId(row.name)). */
  specOf: (row: RouteRow) => FunctionSpec;
}

/**
 * The route functions and their HTTP API routes, in nested stacks by area (routeGroups): the
 * parent keeps the API, the authorizer, the log groups, the jobs, the stream consumers, the site
 * and the alarms, and stays far from CloudFormation's 500 resources however many routes are added.
 * Each stack's roles are its own; CDK passes what they share with the parent as parameters.
 */
export function createRouteStacks(scope: Construct, props: RouteStacksProps): LambdaFunction[] {
  const functions: LambdaFunction[] = [];
  for (const [id, rows] of routeGroups(props.routes)) {
    const stack = new NestedStack(scope, id, {
      description: `${Stack.of(scope).stackName}: the ${stackAreaOf(rows[0]!.handler)} routes`,
    });
    const factory = new FunctionFactory(stack, 'Fn', { ...props.factoryProps, logGroupsOf: props.factory });
    for (const row of rows) {
      const spec = props.specOf(row);
      addRoute(stack, props.httpApi, row, factory.create(spec), props.authorizer, spec.id);
    }
    functions.push(...factory.functions);
  }
  return functions;
}
