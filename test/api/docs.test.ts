/** The OpenAPI document, the documentation page, liveness and metrics: all served without a key. */
import { describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import { postConversation, useTestApp } from '../harness/http.js';

type Json = Record<string, unknown>;

/** Every `$ref` in a document, with where it was found. */
function collectRefs(node: unknown, path = '#', found: Array<{ ref: string; at: string }> = []) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) collectRefs(item, `${path}/${i}`, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push({ ref: value, at: path });
      else collectRefs(value, `${path}/${key}`, found);
    }
  }
  return found;
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Json)[part];
  }
  return node;
}

/** Follows `$ref`s until a schema with content. */
function deref(document: unknown, schema: unknown): Json {
  let node = schema as Json | undefined;
  for (let i = 0; i < 10 && node && typeof node.$ref === 'string'; i++) {
    node = resolvePointer(document, node.$ref) as Json | undefined;
  }
  if (!node) throw new Error(`unresolvable schema ${JSON.stringify(schema)}`);
  return node;
}

function jsonSchemaOf(operation: Json, status?: string): unknown {
  const holder = status === undefined ? operation.requestBody : (operation.responses as Json)[status];
  return ((holder as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
}

describe.each(backends)('documentation and system endpoints on $name', (backend) => {
  const app = useTestApp(backend);

  async function openApi(): Promise<Json> {
    const response = await app().app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json();
  }

  it.skipIf(!backend.available)('serves an OpenAPI 3.1 document without a key', async () => {
    const document = await openApi();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect((document.info as Json).title).toEqual(expect.any(String));
    expect((document.info as Json).version).toEqual(expect.any(String));
  });

  it.skipIf(!backend.available)('lists the three /v1 operations and nothing internal', async () => {
    const paths = (await openApi()).paths as Record<string, Json>;
    expect(Object.keys(paths['/v1/conversations'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/v1/checks'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/v1/conversations/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/v1/conversations/{id}/feedback'] ?? {})).toEqual(['post']);
    for (const internal of ['/healthz', '/metrics', '/v1/openapi.json', '/docs'])
      expect(paths).not.toHaveProperty(internal);
  });

  it.skipIf(!backend.available)('describes request bodies and responses with schemas', async () => {
    const document = await openApi();
    const paths = document.paths as Record<string, Record<string, Json>>;
    const create = paths['/v1/conversations']?.post as Json;
    const read = paths['/v1/conversations/{id}']?.get as Json;
    const feedback = paths['/v1/conversations/{id}/feedback']?.post as Json;

    expect(jsonSchemaOf(create)).toHaveProperty('schema');
    expect(jsonSchemaOf(feedback)).toHaveProperty('schema');
    for (const [operation, statuses] of [
      [create, ['200', '202', '400', '401', '403', '405', '409', '413', '422', '429', '500', '503']],
      [read, ['200', '401', '403', '404', '405', '429', '500', '503']],
      [feedback, ['201', '400', '401', '403', '404', '405', '422', '429', '500', '503']],
    ] as const) {
      for (const status of statuses) expect(jsonSchemaOf(operation, status), status).toHaveProperty('schema');
    }
    for (const operation of [read, feedback]) {
      expect(operation.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]),
      );
    }
  });

  it.skipIf(!backend.available)('resolves every $ref in the document', async () => {
    const document = await openApi();
    const dangling = collectRefs(document).filter(({ ref }) => resolvePointer(document, ref) === undefined);
    expect([...new Set(dangling.map(({ ref }) => ref))]).toEqual([]);
  });

  it.skipIf(!backend.available)('documents the fields of the request, the conversation and the error', async () => {
    const document = await openApi();
    const paths = document.paths as Record<string, Record<string, Json>>;
    const request = deref(document, (jsonSchemaOf(paths['/v1/conversations']?.post as Json) as Json).schema);
    expect(request.required).toEqual(expect.arrayContaining(['external_id', 'channel', 'transcript']));
    expect(Object.keys(request.properties as Json)).toEqual(
      expect.arrayContaining([
        'external_id',
        'channel',
        'started_at',
        'ended_at',
        'ended_by',
        'agent',
        'group',
        'transcript',
        'events',
        'metadata',
      ]),
    );

    const conversation = deref(
      document,
      (jsonSchemaOf(paths['/v1/conversations/{id}']?.get as Json, '200') as Json).schema,
    );
    expect(Object.keys(conversation.properties as Json)).toEqual(
      expect.arrayContaining(['id', 'external_id', 'status', 'outcome', 'dashboard_url', 'agent', 'group', 'results']),
    );

    const feedbackRequest = deref(
      document,
      (jsonSchemaOf(paths['/v1/conversations/{id}/feedback']?.post as Json) as Json).schema,
    );
    expect(feedbackRequest.required).toEqual(expect.arrayContaining(['check_key', 'verdict']));

    const error = deref(document, (jsonSchemaOf(paths['/v1/conversations']?.post as Json, '422') as Json).schema);
    expect(error.properties).toHaveProperty('error');
  });

  it.skipIf(!backend.available)('declares bearer-key authentication', async () => {
    const document = await openApi();
    const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
    expect(Object.values(schemes)).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'http', scheme: 'bearer' })]),
    );
  });

  it.skipIf(!backend.available)('serves the documentation page as HTML', async () => {
    const t = app();
    let response = await t.app.inject({ method: 'GET', url: '/docs' });
    if (response.statusCode >= 300 && response.statusCode < 400) {
      const location = String(response.headers.location);
      response = await t.app.inject({ method: 'GET', url: new URL(location, 'http://localhost/docs').pathname });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });

  it.skipIf(!backend.available)('answers /healthz with 200', async () => {
    const response = await app().app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
  });

  it.skipIf(!backend.available)('exposes Prometheus metrics including request durations', async () => {
    const t = app();
    await postConversation(t, conversationBody());
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('# TYPE cqm_http_request_duration_seconds histogram');
    expect(response.body).toMatch(
      /cqm_http_request_duration_seconds_count\{[^}]*route="\/v1\/conversations"[^}]*\} \d+/,
    );
  });
});
