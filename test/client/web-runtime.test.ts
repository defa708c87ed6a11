/**
 * The client in a sandbox that has only what edge runtimes, Deno, Bun and browsers share (fetch, Headers,
 * Web Crypto, TextEncoder, atob, timers): no `process`, `Buffer`, `require` or Node module. The package is
 * bundled from its sources, evaluated in a fresh V8 context, and used against the real service: a
 * conversation posted and read, an error typed, and a webhook signed by the service's signing code verified.
 */
import vm from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret, signatureHeader } from '../../src/webhooks/sign.js';
import { conversationBody } from '../harness/fixtures.js';
import { type ClientTestService, startClientTestService } from './service.js';

type ClientModule = typeof import('../../packages/client/src/index.js');

async function loadInWebSandbox(): Promise<{ module: ClientModule; context: vm.Context }> {
  const bundle = await build({
    entryPoints: ['packages/client/src/index.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'cqmClient',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
  });
  const code = bundle.outputFiles[0]?.text ?? '';
  const webGlobals = {
    fetch,
    Headers,
    Request,
    Response,
    URL,
    URLSearchParams,
    AbortController,
    AbortSignal,
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
    atob,
    btoa,
    setTimeout,
    clearTimeout,
  };
  const context = vm.createContext({ ...webGlobals });
  vm.runInContext(code, context, { filename: 'cqm-client.bundle.js' });
  return { module: context.cqmClient as ClientModule, context };
}

describe('@cqm/client with web-standard globals only', () => {
  let service: ClientTestService;
  let sandbox: { module: ClientModule; context: vm.Context };

  beforeAll(async () => {
    service = await startClientTestService();
    sandbox = await loadInWebSandbox();
  });
  afterAll(async () => {
    await service?.close();
  });

  it('has no Node globals to lean on', () => {
    expect(vm.runInContext('[typeof process, typeof Buffer, typeof require, typeof global]', sandbox.context)).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
  });

  it('posts, reads and types errors against the real service', async () => {
    const { CqmClient, NotFoundError } = sandbox.module;
    const cqm = new CqmClient({ baseUrl: service.baseUrl, apiKey: service.keys.full });
    const sent = conversationBody() as unknown as Parameters<typeof cqm.conversations.create>[0];
    const created = await cqm.conversations.create(sent);
    expect(created.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await cqm.conversations.get(sent.external_id)).id).toBe(created.id);

    const missing = await cqm.conversations.get('not-there').catch((error: unknown) => error);
    // The sandbox's own class (another realm): instanceof works against it, and the fields are there.
    expect(missing instanceof NotFoundError).toBe(true);
    expect(missing).toMatchObject({ status: 404, type: 'not_found' });
  });

  it('verifies a webhook signed by the service signing code, with Web Crypto only', async () => {
    const secret = newSecret();
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'ping',
      created_at: new Date().toISOString(),
      environment: 'test',
      data: { endpoint_id: 'we_1', message: 'hello' },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([secret], 'msg_1', timestamp, body),
    };
    const event = await sandbox.module.verifyWebhook(body, headers, { secret });
    expect(event).toMatchObject({ id: 'evt_1', type: 'ping' });
    await expect(sandbox.module.verifyWebhook(`${body} `, headers, { secret })).rejects.toMatchObject({
      reason: 'no_matching_signature',
    });
  });
});
