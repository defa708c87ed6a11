import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ApiError, type FieldErrors, validationError } from './errors.js';
import type { FastCheck } from './fast-check.js';

/** Zod issue paths become dotted keys (`transcript.0.speaker`); an issue about the body itself is `_root`. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? '_root' : issue.path.map(String).join('.');
    // Own keys only: a field named like an Object property ("toString") must not find Object's.
    const messages = Object.hasOwn(fields, key) ? (fields[key] as string[]) : [];
    messages.push(issue.message);
    fields[key] = messages;
  }
  return fields;
}

/**
 * Validates with the same zod schemas that document the API, answering 422 with per-field messages.
 * A path parameter that cannot name anything (an empty id, an agent id off its pattern) is simply not found.
 * Schemas with a compiled fast check (the hot request bodies) try it first; it only ever accepts.
 */
export function createZodValidatorCompiler(
  fastChecks: ReadonlyMap<z.ZodType, FastCheck> = new Map(),
): FastifySchemaCompiler<z.ZodType> {
  return ({ schema, httpPart }) => {
    const fastCheck = fastChecks.get(schema);
    return (data) => {
      if (fastCheck?.(data)) return { value: data };
      return parseWithZod(schema, httpPart, data);
    };
  };
}

function parseWithZod(schema: z.ZodType, httpPart: string | undefined, data: unknown) {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  if (httpPart === 'params') return { error: new ApiError('not_found', 'Nothing exists at this path.') };
  return { error: validationError(fieldErrors(result.error.issues)) };
}
