// The OpenAPI 3.1 document, generated from the contract's route table with zod 4's JSON Schema output.
// Served at /docs and committed as apps/server/openapi.json (a test fails when the file is stale).
import {
  API,
  ERRORS,
  FieldError,
  KnowledgePointParent,
  envelopeOf,
  needsAgency,
  type ApiAccess,
  type ApiRoute,
  type RoleAlternatives,
} from '@edu/contract';
import { z } from 'zod';
import { VERSION } from './version.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const describeRoles = (alts: RoleAlternatives) =>
  `${alts.map((alt) => alt.join(' + ')).join(' 或 ')}（{agency} 为当前机构）`;

function describeAccess(a: ApiAccess): string {
  if (a.kind === 'public') return '公开（无需登录）';
  if (a.kind === 'ownCheck')
    return `公开的记录任何人可用（无需登录）；其他记录需要角色之一：${describeRoles(a.roles)}，当前机构取自可选的请求头 X-Agency-Id；否则访客 401，其他用户 404`;
  const agency = needsAgency(a) ? '；需要请求头 X-Agency-Id，且用户可在该机构操作' : '';
  if (a.kind === 'login') return `需要登录${agency}`;
  return `需要角色之一：${describeRoles(a.roles)}${agency}`;
}

/** JSON Schemas of the given zod schemas, as OpenAPI components (shared and recursive schemas become refs). */
function toComponents(entries: [string, z.ZodType][], io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  // Named so the recursive parent chain becomes one component instead of an endless inline.
  if (io === 'output') registry.add(KnowledgePointParent, { id: 'KnowledgePointParent' });
  for (const [id, schema] of entries) if (!registry.has(schema)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    io,
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  for (const s of Object.values(out.schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return out.schemas;
}

function parametersOf(schema: JsonSchema | undefined, where: 'path' | 'query') {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (schema.required ?? []).includes(name),
    schema: s,
  }));
}

export function buildOpenApiDocument() {
  const routes = Object.entries(API) as [string, ApiRoute][];
  const inputEntries = routes.flatMap(([name, r]) => [
    ...(r.params ? [[`${name}_params`, r.params] as [string, z.ZodType]] : []),
    ...(r.query ? [[`${name}_query`, r.query] as [string, z.ZodType]] : []),
    ...(r.body ? [[`${name}_body`, r.body] as [string, z.ZodType]] : []),
  ]);
  const inputs = toComponents(inputEntries, 'input');
  // A schema shared by several routes (IdParams) is one component, named after the first route using it.
  const firstId = new Map<z.ZodType, string>();
  for (const [id, schema] of inputEntries) if (!firstId.has(schema)) firstId.set(schema, id);
  const inputOf = (schema: z.ZodType | undefined) => (schema ? inputs[firstId.get(schema) ?? ''] : undefined);
  const outputs = toComponents(
    [
      ['ErrorEnvelope', envelopeOf(z.union([z.object({ fields: z.array(FieldError) }), z.null()]))],
      ...routes
        .filter(([, r]) => !r.rawResponse)
        .map(([name, r]) => [`${name}_response`, envelopeOf(r.response)] as [string, z.ZodType]),
    ],
    'output',
  );

  const errorResponses = Object.fromEntries(
    Object.values(ERRORS)
      .filter((e) => e.errno !== 0)
      .map((e) => [
        String(e.status),
        { description: `${e.error}：${e.errmsg}`, content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
      ]),
  );

  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, r] of routes) {
    const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters = [
      ...parametersOf(inputOf(r.params), 'path'),
      ...parametersOf(inputOf(r.query), 'query'),
      ...(needsAgency(r.access) || r.access.kind === 'ownCheck'
        ? [
            {
              name: 'X-Agency-Id',
              in: 'header',
              required: needsAgency(r.access),
              schema: { type: 'string' },
              description: '当前机构标识',
            },
          ]
        : []),
    ];
    const requestBody = r.rawBody
      ? { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
      : r.body
        ? // A body schema shared by several routes is the component of the first (as `firstId` names inputs).
          { required: true, content: { 'application/json': { schema: ref(firstId.get(r.body) ?? `${name}_body`) } } }
        : undefined;
    const ok = r.rawResponse
      ? {
          description: '文件内容',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : { description: '成功（errno 0）', content: { 'application/json': { schema: ref(`${name}_response`) } } };
    (paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: name,
      tags: [r.module],
      summary: r.summary,
      description: `访问规则：${describeAccess(r.access)}`,
      ...(r.access.kind === 'public' ? { security: [] } : {}),
      // The token is optional: `{}` means "no security requirement" as one of the alternatives.
      ...(r.access.kind === 'ownCheck' ? { security: [{}, { bearer: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { '200': ok, ...errorResponses },
    };
  }

  // Parameter schemas were inlined above; only body components stay among the inputs.
  const inputBodies = Object.fromEntries(Object.entries(inputs).filter(([id]) => !/_(params|query)$/.test(id)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'edu-platform API',
      version: VERSION,
      description:
        '每个响应都是信封 { errno, errmsg, error, serverTime, module, version, response }；errno 0 表示成功，4xx/5xx 时 HTTP 状态与 errno 相同。',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'POST /v1/auth/login 返回的 access_token' },
      },
      schemas: { ...inputBodies, ...outputs },
    },
    paths,
  };
}

/** The committed file's exact text. */
export const openApiFileText = () => `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
