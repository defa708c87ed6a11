import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The JSON text of the body as received (without a byte-order mark): compared by idempotent retries,
     * and stored as a conversation's document.
     */
    rawBody?: string;
  }
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Every body is read as JSON whatever its Content-Type says: clients that forget the header get their
 * request handled rather than an undocumented 415. Keys that could poison prototypes are refused.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request: FastifyRequest, body: string, done) => {
    const text = body.startsWith(BYTE_ORDER_MARK) ? body.slice(1) : body;
    request.rawBody = text;
    if (text.length === 0) return done(new ApiError('invalid_json', 'The request body is empty; send a JSON object.'));
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new ApiError('invalid_json', 'The request body is not valid JSON.'));
    }
  });
}
