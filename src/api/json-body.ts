import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError, validationError } from './errors.js';

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
 * request handled rather than an undocumented 415. Keys that could poison prototypes are refused (422, naming them).
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
      done(refusal(text));
    }
  });
}

const REFUSED_KEY_MESSAGE =
  'Keys named "__proto__", and "constructor" holding a "prototype", are not accepted anywhere in a body; rename the key.';

/**
 * Why a body secure-json-parse refused is refused. Valid JSON with a key that could poison prototypes (which
 * secure-json-parse only looks for when the text mentions one, so the common path pays nothing) is a 422 naming
 * where the key is; anything else is not JSON. Refusing rather than keeping such keys as data: the document is
 * stored and handed on as received (webhooks, exports, customers' own code), so it must be safe to merge anywhere.
 */
function refusal(text: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  const paths = refusedKeyPaths(parsed);
  if (paths.length === 0) return new ApiError('invalid_json', 'The request body is not valid JSON.');
  return validationError(
    Object.fromEntries(paths.slice(0, 20).map((path) => [shortened(path), [REFUSED_KEY_MESSAGE]])),
  );
}

/** A path of a deeply nested key, kept readable: its start and its end around an ellipsis. */
function shortened(path: string): string {
  return path.length <= 200 ? path : `${path.slice(0, 100)}…${path.slice(-100)}`;
}

/**
 * Paths (as the validation errors write them: `metadata.a`, `transcript.0.text`) of every refused key. Walked
 * with a stack of its own, not recursion: a body within the size limit can nest deeper than the call stack goes.
 */
function refusedKeyPaths(root: unknown): string[] {
  const found: string[] = [];
  const pending: Array<[value: unknown, path: string]> = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string];
    if (value === null || typeof value !== 'object') continue;
    // JSON.parse makes "__proto__" an own property, never the prototype: Object.keys sees it as data.
    for (const key of Object.keys(value)) {
      const child = (value as Record<string, unknown>)[key];
      const at = path === '' ? key : `${path}.${key}`;
      const poisoning =
        key === '__proto__' ||
        (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype'));
      if (poisoning) found.push(at);
      else pending.push([child, at]);
    }
  }
  return found.sort();
}
