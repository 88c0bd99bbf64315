import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminEndpoints, allEndpoints, type AnyEndpoint } from '@shop/contract';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
};

function operation(e: AnyEndpoint) {
  const op: Record<string, unknown> = {
    tags: [e.area],
    operationId: `${e.method.toLowerCase()}${e.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: e.auth === 'member' ? [{ bearer: [] }] : e.auth === 'optional' ? [{}, { bearer: [] }] : e.auth === 'operator' ? [{ operatorBearer: [] }] : [],
  };
  // Operator calls say which permission the operator's role must grant.
  if (e.permission) op['x-permission'] = e.permission;
  if (e.query) {
    const s = jsonSchema(e.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    op.parameters = Object.entries(s.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: s.required?.includes(name) ?? false, schema }));
  }
  if (e.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(e.body, 'input') } } };
  op.responses = {
    200: {
      description: 'The envelope; `code` 200 is success, any other code a failure with a readable `msg`.',
      content: { 'application/json': { schema: { type: 'object', required: ['code', 'msg', 'data'], properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: e.data ? jsonSchema(e.data, 'output') : {} } } } },
    },
    422: { description: 'The input does not match; `msg` names the first problem.' },
  };
  return op;
}

/** An OpenAPI 3.1 document generated from the contract, at /openapi.json. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of [...allEndpoints, ...adminEndpoints]) (paths[e.path] ??= {})[e.method.toLowerCase()] = operation(e);
  return {
    openapi: '3.1.0',
    info: { title: 'H5 Shop API', version: '1.6.7' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "A member's session token." },
        operatorBearer: { type: 'http', scheme: 'bearer', description: "An operator's session token (/admin/api/auth/sign-in); member tokens are not accepted." },
      },
    },
    paths,
  };
}

export function openApiPlugin(app: FastifyInstance): void {
  let cached: string | undefined;
  app.get('/openapi.json', (_req, reply) => {
    cached ??= JSON.stringify(openApiDocument());
    return reply.type('application/json').send(cached);
  });
}
