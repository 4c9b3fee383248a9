// An OpenAPI 3.1 document of every route a service registers on its public and admin instances,
// served as GET /openapi.json on the admin instance. Routes seldom declare Fastify schemas, so the
// list comes from the router itself (printRoutes, which also has the routes registered before
// installOpenApi, such as /status and /version) and the `onRoute` hook adds what a route declares
// after it (schema, summary); the service adds a summary per operation.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export interface OpenApiInstance {
  /** Tag of the operations served here, e.g. `public` or `admin`. */
  name: string;
  app: FastifyInstance;
  port: number;
}

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  instances: readonly OpenApiInstance[];
  /** Operation summaries by `METHOD /path` as Fastify declares it (`GET /info/bidders/:name`). */
  summaries?: Readonly<Record<string, string>>;
}

/** One method of one URL of one instance, as the router lists it. */
export interface ListedRoute {
  method: string;
  url: string;
}

type Json = Record<string, unknown>;
const METHODS_RE = /^(.*?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?$/;

/** The routes in `app.printRoutes({ commonPrefix: false })`: one per method, full URLs. */
export function parsePrintedRoutes(tree: string): ListedRoute[] {
  const out: ListedRoute[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const [, segment = '', methods] = METHODS_RE.exec(line.slice(branch + 4)) ?? [];
    const url = (stack[depth - 1] ?? '') + segment;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of methods ? methods.split(', ') : []) out.push({ method, url });
  }
  return out;
}

/** `/info/bidders/:name` → `/info/bidders/{name}`; the catch-all `*` → `/{wildcard}`. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replace(/^\*$/, '/*')
    .split('/')
    .map((seg) => {
      if (seg === '*') {
        params.push('wildcard');
        return '{wildcard}';
      }
      if (!seg.startsWith(':')) return seg;
      params.push(seg.slice(1));
      return `{${seg.slice(1)}}`;
    })
    .join('/');
  return { path, params };
}

function schemaParameters(schema: FastifySchema | undefined, where: 'query' | 'header'): Json[] {
  const source = (where === 'query' ? schema?.querystring : schema?.headers) as Json | undefined;
  const props = (source?.['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((source?.['required'] ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: required.has(name),
    schema: s,
  }));
}

function responsesOf(schema: FastifySchema | undefined): Json {
  const declared = (schema?.response ?? {}) as Record<string, Json>;
  const out: Json = {};
  for (const [code, s] of Object.entries(declared)) {
    out[code] = {
      description: (s['description'] as string | undefined) ?? code,
      content: { 'application/json': { schema: s } },
    };
  }
  if (Object.keys(out).length === 0)
    out['default'] = { description: 'See docs/ for the answers of this route' };
  return out;
}

interface OperationInput {
  route: ListedRoute;
  schema: FastifySchema | undefined;
  summary: string | undefined;
  params: string[];
}

function operation(o: OperationInput): Json {
  const pathSchema = (o.schema?.params ?? {}) as Json;
  const pathProps = (pathSchema['properties'] ?? {}) as Record<string, Json>;
  const parameters = [
    ...o.params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: pathProps[name] ?? { type: 'string' },
    })),
    ...schemaParameters(o.schema, 'query'),
    ...schemaParameters(o.schema, 'header'),
  ];
  const op: Json = {
    operationId: `${o.route.method.toLowerCase()}${o.route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ?? '').toUpperCase())}`,
    summary: o.summary ?? `${o.route.method} ${o.route.url}`,
    tags: [] as string[],
    servers: [] as Json[],
    responses: responsesOf(o.schema),
  };
  if (parameters.length > 0) op['parameters'] = parameters;
  if (o.schema?.body) op['requestBody'] = { content: { 'application/json': { schema: o.schema.body } } };
  return op;
}

function summaryOf(opts: OpenApiOptions, route: ListedRoute): string | undefined {
  const own = opts.summaries?.[`${route.method} ${route.url}`];
  const ofGet = route.method === 'HEAD' ? opts.summaries?.[`GET ${route.url}`] : undefined;
  return own ?? (ofGet ? `${ofGet} (HEAD: headers only)` : undefined);
}

/** Builds the document from the instances' routers (call after both are ready). */
export function buildOpenApiDocument(
  opts: OpenApiOptions,
  schemas: ReadonlyMap<string, FastifySchema>,
): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const instance of opts.instances) {
    const server = {
      url: `http://{host}:${instance.port}`,
      description: `${instance.name} port`,
      variables: { host: { default: 'localhost' } },
    };
    for (const route of parsePrintedRoutes(instance.app.printRoutes({ commonPrefix: false }))) {
      const key = `${route.method} ${route.url}`;
      const { path, params } = openApiPath(route.url);
      const item = (paths[path] ??= {});
      const method = route.method.toLowerCase();
      const op = (item[method] ??= operation({
        route,
        schema: schemas.get(key),
        summary: summaryOf(opts, route),
        params,
      }));
      (op['tags'] as string[]).push(instance.name);
      (op['servers'] as Json[]).push(server);
    }
  }
  const info: Json = { title: opts.title, version: opts.version };
  if (opts.description) info['description'] = opts.description;
  const tags = opts.instances.map((i) => ({
    name: i.name,
    description: `Served on the ${i.name} port (${i.port} in this configuration)`,
  }));
  return { openapi: '3.1.0', info, tags, paths };
}

/**
 * Registers GET /openapi.json on `adminApp` and starts collecting the schemas of the routes the
 * instances declare from now on. The document is built on the first request, once both are ready.
 */
export function installOpenApi(adminApp: FastifyInstance, opts: OpenApiOptions): void {
  const schemas = new Map<string, FastifySchema>();
  for (const { app } of opts.instances) {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.schema) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) schemas.set(`${m.toUpperCase()} ${route.url}`, route.schema);
    });
  }
  let doc: Json | undefined;
  adminApp.get('/openapi.json', async () => {
    if (!doc) {
      await Promise.all(opts.instances.map((i) => i.app.ready()));
      doc = buildOpenApiDocument(opts, schemas);
    }
    return doc;
  });
}
