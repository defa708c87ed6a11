/** Every /app/api endpoint, one file each; docs/app-api.md is their contract with the application. */
import type { ZodApp } from '../../api/routes/types.js';
import { createConversationReviewRepo } from '../../storage/conversation-review-repo.js';
import type { AppApiDeps } from '../deps.js';
import { registerCreateLabel } from './conversations/create-label.js';
import { registerGetConversation } from './conversations/get-conversation.js';
import { registerListConversations } from './conversations/list-conversations.js';
import { registerRerunConversation } from './conversations/rerun-conversation.js';
import { registerJudgeRoutes } from './judge/register.js';
import { registerCreateKey } from './keys/create-key.js';
import { registerListKeys } from './keys/list-keys.js';
import { registerRevokeKey } from './keys/revoke-key.js';
import { registerListAgents } from './lookups/list-agents.js';
import { registerListChecks } from './lookups/list-checks.js';
import { registerListGroups } from './lookups/list-groups.js';
import { registerPartTwoRoutes } from './part-two.js';
import { registerCreateInvitation } from './people/create-invitation.js';
import { registerDeleteInvitation } from './people/delete-invitation.js';
import { registerGetWorkspace } from './people/get-workspace.js';
import { registerListMembers } from './people/list-members.js';
import { registerRemoveMember } from './people/remove-member.js';
import { registerUpdateMember } from './people/update-member.js';
import { registerUpdateWorkspace } from './people/update-workspace.js';
import { registerAcceptInvitation } from './session/accept-invitation.js';
import { registerChangePassword } from './session/change-password.js';
import { registerCsrf } from './session/csrf.js';
import { registerGetInvitation } from './session/get-invitation.js';
import { registerGetSession } from './session/get-session.js';
import { registerSignIn } from './session/sign-in.js';
import { registerSignOut } from './session/sign-out.js';
import { registerCreateWebhook } from './webhooks/create-webhook.js';
import { registerListDeliveries } from './webhooks/list-deliveries.js';
import { registerListWebhooks } from './webhooks/list-webhooks.js';
import { registerRedeliver } from './webhooks/redeliver.js';
import { registerRotateWebhookSecret } from './webhooks/rotate-webhook-secret.js';
import { registerTestWebhook } from './webhooks/test-webhook.js';
import { registerUpdateWebhook } from './webhooks/update-webhook.js';

export function registerAppApiRoutes(app: ZodApp, deps: AppApiDeps): void {
  for (const register of [
    registerCsrf,
    registerSignIn,
    registerSignOut,
    registerGetSession,
    registerChangePassword,
    registerGetInvitation,
    registerAcceptInvitation,
    registerGetWorkspace,
    registerUpdateWorkspace,
    registerListMembers,
    registerCreateInvitation,
    registerDeleteInvitation,
    registerUpdateMember,
    registerRemoveMember,
    registerListAgents,
    registerListGroups,
    registerListChecks,
    registerListKeys,
    registerCreateKey,
    registerRevokeKey,
    registerListWebhooks,
    registerCreateWebhook,
    registerUpdateWebhook,
    registerRotateWebhookSecret,
    registerTestWebhook,
    registerListDeliveries,
    registerRedeliver,
    registerListConversations,
    registerPartTwoRoutes,
    registerJudgeRoutes,
  ]) {
    register(app, deps);
  }
  const withReview = Object.assign(Object.create(deps) as AppApiDeps, {
    review: createConversationReviewRepo(deps.store, deps.clock),
  });
  registerGetConversation(app, withReview);
  registerCreateLabel(app, withReview);
  registerRerunConversation(app, withReview);
}
