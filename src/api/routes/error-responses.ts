import { errorSchema } from '../schemas/conversation.js';

/** The error statuses every authenticated /v1 route can answer, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const all = [401, 403, 405, 429, 500, 503, ...statuses].sort();
  return Object.fromEntries(all.map((status) => [status, errorSchema]));
}
