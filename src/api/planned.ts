import { ApiError } from './errors.js';

/**
 * Endpoints the specification plans and that are not built yet, as `METHOD /path`. None at the moment: the
 * list endpoints (GET /v1/conversations, GET /v1/checks) shipped on 2026-11-24.
 */
const PLANNED = new Set<string>([]);

export const DOCUMENTATION_PATH = '/docs';

/** The 501 a planned endpoint answers until it ships, or null for any other request. */
export function plannedEndpointError(method: string, path: string): ApiError | null {
  if (!PLANNED.has(`${method} ${path.replace(/\/+$/, '')}`)) return null;
  return new ApiError(
    'not_implemented',
    `${method} ${path} is planned and not available yet; see ${DOCUMENTATION_PATH} for what is.`,
    undefined,
    { Link: `<${DOCUMENTATION_PATH}>; rel="help"` },
  );
}
