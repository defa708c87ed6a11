/**
 * Serves the single-page application (built by Vite into dist/web) under /app/, with the security headers of
 * every /app response. Hashed assets are cached for good; every other GET under /app/ that is not a file
 * answers index.html, so the client's routes (such as a conversation's dashboard_url) open directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

/** src/api/ and dist/api/ both sit two levels below the project root, so one path serves both runs. */
export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** No inline script anywhere: a caller's text that somehow became markup still could not run. */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Application not built</title></head>
<body><h1>The application is not built</h1>
<p>This service runs from source without the application's build. Run <code>npm run build:web</code>
(or <code>npm install</code>, which builds everything) and reload this page. The API under /v1 works meanwhile.</p>
</body></html>
`;

function isAppPath(url: string): boolean {
  return url === '/app' || url.startsWith('/app/') || url.startsWith('/app?');
}

/** A file inside the web root, or null (nothing outside the root is ever considered). */
function fileInRoot(webRoot: string, relative: string): string | null {
  if (relative === '') return null;
  const resolved = path.resolve(webRoot, relative);
  if (!resolved.startsWith(webRoot + path.sep)) return null;
  try {
    return fs.statSync(resolved).isFile() ? path.relative(webRoot, resolved) : null;
  } catch {
    return null;
  }
}

export async function registerAppStatic(app: FastifyInstance, webRoot: string = DEFAULT_WEB_ROOT): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    if (isAppPath(request.url)) {
      reply.header('Content-Security-Policy', APP_CONTENT_SECURITY_POLICY);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('X-Frame-Options', 'DENY');
    }
    done();
  });

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));
  app.get('/app', { schema: { hide: true } }, (_request, reply) => reply.redirect('/app/'));

  await app.register(async (scope) => {
    // serve: false: only reply.sendFile; the one route below decides what each path answers.
    await scope.register(fastifyStatic, { root: webRoot, serve: false });
    scope.get('/app/*', { schema: { hide: true } }, (request, reply) => {
      const rest = (request.params as { '*': string })['*'];
      // The application's JSON has its own routes; an unknown one is a JSON 404, never the page.
      if (rest === 'api' || rest.startsWith('api/')) {
        throw new ApiError('not_found', `No route ${request.method} /app/${rest.split('?')[0]}.`);
      }
      if (!fs.existsSync(path.join(webRoot, 'index.html'))) {
        return reply.code(503).header('Retry-After', '30').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      }
      const file = fileInRoot(webRoot, rest);
      if (file?.startsWith(`assets${path.sep}`)) {
        // Vite names built assets by their content hash: a changed file is a new name.
        return reply.sendFile(file, { immutable: true, maxAge: '365d' });
      }
      if (file) return reply.sendFile(file, { maxAge: '1h' });
      if (rest.startsWith('assets/')) throw new ApiError('not_found', `No file /app/${rest}.`);
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  });
}
