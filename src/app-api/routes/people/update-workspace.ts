import { z } from 'zod';
import { ApiError } from '../../../api/errors.js';
import type { ZodApp } from '../../../api/routes/types.js';
import { isTimeZone } from '../../../domain/health/days.js';
import { ROLE_FOR } from '../../../domain/roles.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';

const body = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  timezone: z.string().max(100).refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').optional(),
});

/** Renames the workspace or changes its time zone; health days are then counted in the new zone. */
export function registerUpdateWorkspace(app: ZodApp, deps: AppApiDeps): void {
  app.patch('/workspace', { config: { appRole: ROLE_FOR.workspace }, schema: { body } }, async (request) => {
    const { session } = sessionOf(request);
    const updated = await deps.tenancy.updateWorkspace(session.workspace.id, {
      ...(request.body.name === undefined ? {} : { name: request.body.name }),
      ...(request.body.timezone === undefined ? {} : { timezone: request.body.timezone }),
    });
    if (!updated) throw new ApiError('not_found', 'No such workspace.');
    return { id: updated.id, name: updated.name, timezone: updated.timezone };
  });
}
