/**
 * The HTTP API and its routes, driven by the route table (lib/api/routes.ts): the API with its
 * CORS settings, its one stage (throttled, with access logs), and per route row one function
 * and one route, the public passport reads with a throttle of their own. Added in the stack's
 * own scope (see data.ts for why).
 */
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnRoute,
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Route } from '../../lib/api/contract';
import { functionId, isCatchAll, routeKeyOf } from '../../lib/api/routes';
import { getDppRoute } from '../../lib/api/routes/get-dpp';
import { getDppVersionDocumentRoute } from '../../lib/api/routes/get-dpp-version-document';
import type { StackConfig, ThrottleConfig } from '../config';
import type { ServiceFunctions } from './functions';
import { acknowledge, NAG_ACKNOWLEDGEMENTS } from './nag';

/**
 * One JSON line per request on the HTTP API stage (the fields of AWS's own example);
 * `requestId` is the `apiRequestId` of the function's log lines.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
  integrationErrorMessage: '$context.integrationErrorMessage',
} as const;

/** Public reads throttled per route with context publicDppThrottle (throttleOwnRoute). */
const PUBLIC_PASSPORT_READS: readonly string[] = [getDppRoute.fn, getDppVersionDocumentRoute.fn];

/** The id of the nested stack that holds the API's routes, their integrations and permissions. */
export const ROUTES_STACK_ID = 'Routes';

export class ServiceApi {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /**
   * The routes, each with its integration and its function's invoke permission, in a nested
   * stack of their own (as the alarms are): about three resources a route that would otherwise
   * count against the parent's 500 (docs/deploy.md, Room in the stack). The functions, their
   * roles and log groups stay in the parent; the nested stack takes the API's id and each
   * function's ARN as parameters.
   */
  readonly routesStack: NestedStack;

  constructor(
    stack: Stack,
    private readonly config: StackConfig,
    private readonly routes: readonly Route[],
  ) {
    this.api = new HttpApi(stack, 'HttpApi', {
      apiName: stack.stackName,
      description: 'Digital Product Passport service',
      createDefaultStage: false,
      // With a custom domain the API answers there only: no client, link or bookmark can come to
      // depend on the execute-api address, and every request passes the domain's TLS 1.2 policy.
      disableExecuteApiEndpoint: config.customDomain !== undefined,
      corsPreflight: {
        allowOrigins: config.corsAllowOrigins,
        // The methods of the real routes (not the `$default` catch-all's ANY).
        allowMethods: [
          ...new Set(
            routes
              .filter((route) => !isCatchAll(route))
              .flatMap((route) => [route.method, ...(route.alsoAnswers ?? [])].map((method) => CorsHttpMethod[method])),
          ),
        ],
        allowHeaders: ['authorization', 'content-type', 'language', 'idempotency-key', 'x-correlation-id'],
        exposeHeaders: ['content-language', 'idempotent-replayed', 'x-correlation-id'],
      },
    });
    this.routesStack = new NestedStack(stack, ROUTES_STACK_ID, {
      description: `${stack.stackName}: the routes of the HTTP API, their integrations and the functions' invoke permissions`,
    });
    const accessLogs = new LogGroup(stack, 'ApiAccessLogs', { retention: config.logRetention });
    this.stage = this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.throttle.rateLimit, burstLimit: config.throttle.burstLimit },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
  }

  /** One function (made by `functions`) and one route per row; returns the functions by `fn`. */
  addRoutes(functions: ServiceFunctions): Map<string, NodejsFunction> {
    const byFn = new Map<string, NodejsFunction>();
    for (const route of this.routes) {
      const fn = functions.add({ ...route, description: `${route.method} ${route.path}` });
      acknowledge(fn, NAG_ACKNOWLEDGEMENTS.deadLetterQueue);
      byFn.set(route.fn, fn);
      const httpRoute = new HttpRoute(this.routesStack, `${functionId(route.fn)}Route`, {
        httpApi: this.api,
        routeKey: isCatchAll(route) ? HttpRouteKey.DEFAULT : HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${functionId(route.fn)}Integration`, fn, {
          payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
        }),
      });
      acknowledge(httpRoute, NAG_ACKNOWLEDGEMENTS.apiAuthorizer);
      // HEAD and OPTIONS of the row (alsoAnswers): a route each to the same integration, whose one
      // permission (execute-api:/*/*/<path>) already covers every method of the path. A plain
      // route resource, since an L2 route would add a permission of its own: one resource a method.
      for (const method of route.alsoAnswers ?? []) {
        const other = new CfnRoute(this.routesStack, `${functionId(route.fn)}${pascal(method)}Route`, {
          apiId: this.api.apiId,
          routeKey: `${method} ${route.path}`,
          target: (httpRoute.node.defaultChild as CfnRoute).target,
        });
        acknowledge(other, NAG_ACKNOWLEDGEMENTS.apiAuthorizer);
      }
      if (PUBLIC_PASSPORT_READS.includes(route.fn)) {
        this.throttleOwnRoute(route, httpRoute, this.config.publicDppThrottle);
      }
    }
    return byFn;
  }

  /**
   * The public passport reads (`GET /dpp/{dppId}` from QR-code scans, and a version's document
   * that anyone verifying a notarization fetches) each get their own route throttle, so their
   * traffic is limited apart from the stage default that the authenticated routes share.
   */
  private throttleOwnRoute(row: Route, route: HttpRoute, throttle: ThrottleConfig): void {
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.routeSettings = {
      ...(stage.routeSettings as Record<string, unknown> | undefined),
      [routeKeyOf(row)]: { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit },
    };
    // Route settings name a route key that must exist when the stage is updated.
    stage.node.addDependency(route);
  }
}

const pascal = (method: string) => `${method[0]}${method.slice(1).toLowerCase()}`;

/** Catches route-table mistakes the deploy would only report later (or not at all). */
export function assertRouteTableIsDeployable(table: readonly Route[]): void {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const route of table) {
    if (isCatchAll(route) && route.method !== 'ANY') problems.push(`${route.fn}: the $default route takes method ANY`);
    if (!isCatchAll(route) && (route.method === 'ANY' || !route.path.startsWith('/'))) {
      problems.push(`${route.fn}: expected an explicit method and a path starting with "/"`);
    }
    const key = routeKeyOf(route);
    const other = seen.get(key);
    if (other !== undefined) problems.push(`${route.fn}: route "${key}" is already taken by ${other}`);
    seen.set(key, route.fn);
  }
  for (const route of table) {
    if (!route.alsoAnswers?.length) continue;
    if (route.method !== 'GET') problems.push(`${route.fn}: only a GET row also answers HEAD or OPTIONS`);
    if (route.alsoAnswers.includes('OPTIONS') && route.auth !== 'public') {
      problems.push(`${route.fn}: OPTIONS answers CORS for any origin, so only a public row may declare it`);
    }
  }
  const fns = table.map((route) => route.fn);
  for (const fn of new Set(fns)) {
    if (fns.filter((name) => name === fn).length > 1)
      problems.push(`${fn}: one function per route row, but it appears twice`);
  }
  if (problems.length > 0) throw new Error(`lib/api/routes.ts cannot be deployed:\n  ${problems.join('\n  ')}`);
}
