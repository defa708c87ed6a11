/**
 * Serving the application under /app/ (no browser needed): the page and its client routes, immutable hashed
 * assets, the security headers, JSON 404s under /app/api, nothing outside the build, and a clear 503 page when
 * the service runs from source without a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY, registerAppStatic } from '../../src/api/app-static.js';
import { sendError, toApiError } from '../../src/api/errors.js';
import { tempDir } from '../harness/backends.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/app/assets/index-abc123.js"></script></head></html>';

function webBuild(): string {
  const root = tempDir('cqm-web-');
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), INDEX);
  fs.writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  return root;
}

async function appServing(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setErrorHandler((error, request, reply) => sendError(request, reply, toApiError(error)));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, toApiError(new Error('x'))));
  await registerAppStatic(app, root);
  return app;
}

describe('serving the application under /app/', () => {
  const roots: string[] = [];
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers index.html for client routes, with the security headers and no caching of the page', async () => {
    const root = webBuild();
    roots.push(root);
    app = await appServing(root);
    for (const url of ['/app/', '/app/test/conversations', '/app/live/conversations/conv_123?x=1', '/app/invite/tok']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBe(APP_CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    expect(APP_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });

  it('caches hashed assets for good and other files briefly', async () => {
    const root = webBuild();
    roots.push(root);
    app = await appServing(root);
    const asset = await app.inject({ method: 'GET', url: '/app/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBe(APP_CONTENT_SECURITY_POLICY);
    const robots = await app.inject({ method: 'GET', url: '/app/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a JSON 404 for a missing asset and for an unknown /app/api path, never the page', async () => {
    const root = webBuild();
    roots.push(root);
    app = await appServing(root);
    for (const url of ['/app/assets/missing.js', '/app/api/nothing', '/app/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.type).toBe('not_found');
      expect(response.json().error.request_id).toEqual(expect.any(String));
    }
  });

  it('never serves a file outside the build', async () => {
    const root = webBuild();
    roots.push(root);
    fs.writeFileSync(path.join(path.dirname(root), `secret-${path.basename(root)}.txt`), 'TOP-SECRET-CONTENT');
    app = await appServing(root);
    for (const url of [
      `/app/../secret-${path.basename(root)}.txt`,
      `/app/..%2fsecret-${path.basename(root)}.txt`,
      `/app/assets/..%2f..%2fsecret-${path.basename(root)}.txt`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('TOP-SECRET-CONTENT');
    }
    fs.rmSync(path.join(path.dirname(root), `secret-${path.basename(root)}.txt`));
  });

  it('redirects / and /app to /app/', async () => {
    const root = webBuild();
    roots.push(root);
    app = await appServing(root);
    for (const url of ['/', '/app']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/app/');
    }
  });

  it('answers a clear 503 page, not a crash, when the application is not built', async () => {
    const root = path.join(tempDir('cqm-web-missing-'), 'web');
    roots.push(path.dirname(root));
    app = await appServing(root);
    const response = await app.inject({ method: 'GET', url: '/app/test/conversations' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm run build:web');
    expect(response.headers['content-security-policy']).toBe(APP_CONTENT_SECURITY_POLICY);
    // Built later (npm run build:web while the service runs): served without a restart.
    fs.mkdirSync(root);
    fs.writeFileSync(path.join(root, 'index.html'), INDEX);
    expect((await app.inject({ method: 'GET', url: '/app/' })).statusCode).toBe(200);
  });
});
