/** The Checks page's routes (part 2 of the application), with the reads they need built once. */
import type { ZodApp } from '../../../api/routes/types.js';
import { createChecksPageReads } from '../../../storage/checks-page.js';
import { createConversationList } from '../../../storage/conversation-list.js';
import type { AppApiDeps } from '../../deps.js';
import { registerCheckAgreement } from './check-agreement.js';
import { registerCreateCheck } from './create-check.js';
import { registerGetCheck } from './get-check.js';
import { registerListChecksPage } from './list-checks-page.js';
import { registerPreviewCheck } from './preview-check.js';
import type { ChecksRouteDeps } from './route-deps.js';
import { registerUpdateCheck } from './update-check.js';

export function registerCheckRoutes(app: ZodApp, deps: AppApiDeps): void {
  const full: AppApiDeps & ChecksRouteDeps = Object.assign(Object.create(deps) as AppApiDeps, {
    checksPage: createChecksPageReads(deps.store),
    conversationList: createConversationList(deps.store),
  });
  registerListChecksPage(app, full);
  registerGetCheck(app, full);
  registerCreateCheck(app, full);
  registerUpdateCheck(app, full);
  registerPreviewCheck(app, full);
  registerCheckAgreement(app, full);
}
