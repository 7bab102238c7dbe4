// One OpenAPI 3.1 document per service, from the route table and the contracts' zod schemas
// (zod 4's JSON Schema output: draft 2020-12, the dialect of OpenAPI 3.1).
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { ADMIN_COOKIE_NAME } from '../constants.js';
import { errorBodySchema } from '../errors.js';
import { API_ROUTES, type ApiAnswer, type ApiRouteDescription, type ApiService } from './routes.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;

/** What a route takes is described as it is sent (input), what it answers as it is read (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  return rest as SchemaObject;
}

/** `/api/jobs/:id` → `/api/jobs/{id}`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

function parameters(route: ApiRouteDescription): OpenAPIV3_1.ParameterObject[] {
  const of = (where: 'path' | 'query', schema: z.ZodObject | undefined) => {
    if (schema === undefined) return [];
    const object = jsonSchema(schema, 'input');
    const required = new Set(object.required ?? []);
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      // openapi-types 12 types a 3.1 parameter's schema with the 3.0 schema object; the JSON
      // Schema here is 2020-12, as 3.1 says.
      schema: property as OpenAPIV3_1.ParameterObject['schema'],
    }));
  };
  return [...of('path', route.params), ...of('query', route.query)];
}

const errorAnswer = (description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
});

function answer({ description, schema, contentType }: ApiAnswer): OpenAPIV3_1.ResponseObject {
  if (schema !== undefined)
    return {
      description,
      content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
    };
  if (contentType !== undefined) return { description, content: { [contentType]: {} } };
  return { description };
}

function operation(route: ApiRouteDescription): OpenAPIV3_1.OperationObject {
  const responses: OpenAPIV3_1.ResponsesObject = {};
  for (const each of route.answers) responses[String(each.status)] = answer(each);
  if (route.params ?? route.query ?? route.body)
    responses['400'] ??= errorAnswer('A parameter or the body is not valid');
  if (route.caller !== undefined) responses['401'] ??= errorAnswer('Not signed in');
  if (route.caller === 'admin') responses['403'] ??= errorAnswer('Not the admin');
  responses.default = errorAnswer('Any other failure: `{ error: { code, message, details? } }`');
  return {
    summary: route.summary,
    ...(route.caller === 'user' ? { security: [{ bearer: [] }] } : {}),
    ...(route.caller === 'admin' ? { security: [{ adminCookie: [] }] } : {}),
    parameters: parameters(route),
    ...(route.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }),
    responses,
  };
}

/** The OpenAPI 3.1 document of one service's routes (the paths as the gateway exposes them). */
export function openApiDocument(service: ApiService): OpenAPIV3_1.Document {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const route of API_ROUTES[service]) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `B2G Job Board: ${service} API`,
      version: '1',
      description: `The ${service} service's routes, through the gateway.`,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        adminCookie: { type: 'apiKey', in: 'cookie', name: ADMIN_COOKIE_NAME },
      },
    },
  };
}
