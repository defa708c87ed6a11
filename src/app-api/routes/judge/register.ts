/** The project's judge settings in the application: read (everyone), change and test (admin). */
import type { ZodApp } from '../../../api/routes/types.js';
import type { AppApiDeps } from '../../deps.js';
import { registerGetJudgeSettings } from './get-judge-settings.js';
import { registerTestJudgeConnection } from './test-judge-connection.js';
import { registerUpdateJudgeSettings } from './update-judge-settings.js';

export function registerJudgeRoutes(app: ZodApp, deps: AppApiDeps): void {
  registerGetJudgeSettings(app, deps);
  registerUpdateJudgeSettings(app, deps);
  registerTestJudgeConnection(app, deps);
}
