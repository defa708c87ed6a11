import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { sessionOf } from '../../guard.js';

export function registerGetWorkspace(app: ZodApp, _deps: AppApiDeps): void {
  app.get('/workspace', async (request) => sessionOf(request).session.workspace);
}
