import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, kept for comparing idempotent retries. */
    rawBody?: Buffer;
  }
}

/**
 * Every body is read as JSON whatever its Content-Type says: clients that forget the header get their
 * request handled rather than an undocumented 415. Keys that could poison prototypes are refused.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request: FastifyRequest, body: Buffer, done) => {
    request.rawBody = body;
    if (body.length === 0) return done(new ApiError('invalid_json', 'The request body is empty; send a JSON object.'));
    try {
      done(
        null,
        secureJson.parse(body.toString('utf8'), undefined, { protoAction: 'error', constructorAction: 'error' }),
      );
    } catch {
      done(new ApiError('invalid_json', 'The request body is not valid JSON.'));
    }
  });
}
