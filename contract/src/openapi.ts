import * as z from './zod';
import { ErrorBody } from './errors';
import type { RouteDef } from './route-def';
import { routeList } from './routes/index';

const jsonSchema = (schema: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** An OpenAPI 3.1 document generated from the route table and its zod schemas. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeList) {
    const op: Record<string, unknown> = {
      operationId: route.name,
      summary: route.summary,
      tags: [route.access],
      security:
        route.access === 'public'
          ? []
          : route.access === 'reseller'
            ? [{ resellerHmac: [] }]
            : route.access === 'device'
              ? [{ deviceHmac: [] }]
              : [{ cognito: [] }],
      parameters: parameters(route),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'OK',
          ...(route.response && {
            content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
          }),
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: jsonSchema(ErrorBody, 'output') } },
        },
      },
    };
    if (route.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Khelaghor API', version: '1.0.0' },
    components: {
      securitySchemes: {
        cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        // OpenAPI has no HMAC scheme: the key id is the named header, the rest is described.
        resellerHmac: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Key-Id',
          description:
            'Reseller API key (docs/reseller-api.md). Every request also sends X-Timestamp (unix seconds, within 300 s of the server clock), ' +
            'X-Nonce (16-64 of [A-Za-z0-9_-], once per key) and X-Signature: lowercase hex HMAC-SHA256 with the key secret of ' +
            '"METHOD\\nPATH_WITH_QUERY\\nTIMESTAMP\\nNONCE\\nhex(SHA256(raw body))". Orders also need an Idempotency-Key header.',
        },
        deviceHmac: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Key-Id',
          description:
            "A receiving phone's SMS device key (docs/sms-forwarder.md), signed exactly like resellerHmac: X-Timestamp, X-Nonce and X-Signature.",
        },
      },
    },
    paths,
  };
}

function parameters(route: RouteDef): unknown[] {
  const out: unknown[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (js.required ?? []).includes(name),
        schema: s,
      });
    }
  }
  return out;
}
