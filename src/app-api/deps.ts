/** What the application's JSON endpoints are given: the HTTP layer's dependencies and the people stores. */
import type { AppDeps } from '../api/deps.js';
import { createCheckCatalogue } from '../checks/catalogue.js';
import { promotionGate } from '../checks/promotion-gate.js';
import { generatePassword, hashPassword, PASSWORD_PARAMS, type ScryptParams } from '../domain/passwords.js';
import { BUILTIN_CHECKS } from '../scoring/builtin-checks.js';
import { validateCustomRule } from '../scoring/custom-rules.js';
import { createDeveloperKeysRepo } from '../storage/developer-keys-repo.js';
import { createInvitationsRepo } from '../storage/invitations-repo.js';
import { createLabelsRepo } from '../storage/labels-repo.js';
import { createSessionsRepo } from '../storage/sessions-repo.js';
import { createUsersRepo } from '../storage/users-repo.js';
import { createSignInLimiter, type SignInLimiter } from './sign-in-limiter.js';

export interface AppApiDeps extends AppDeps {
  users: ReturnType<typeof createUsersRepo>;
  sessions: ReturnType<typeof createSessionsRepo>;
  invitations: ReturnType<typeof createInvitationsRepo>;
  developerKeys: ReturnType<typeof createDeveloperKeysRepo>;
  catalogue: ReturnType<typeof createCheckCatalogue>;
  signInLimiter: SignInLimiter;
  /** A hash of no one's password, verified for an unknown address so it takes as long as a wrong password. */
  dummyPasswordHash: () => Promise<string>;
  /** Cookies carry `Secure` when the public URL is https. */
  secureCookies: boolean;
}

export interface AppApiOptions {
  /** Cheaper scrypt parameters for tests that make many users; production uses PASSWORD_PARAMS. */
  passwordParams?: ScryptParams;
}

/**
 * Built per application from its AppDeps. The AppDeps object itself is kept (spread would copy it), so hooks
 * set on it after the application is built, such as onConversationStored, are still seen.
 */
export async function appApiDeps(deps: AppDeps, options: AppApiOptions = {}): Promise<AppApiDeps> {
  const passwordParams = options.passwordParams ?? PASSWORD_PARAMS;
  const users = createUsersRepo(deps.store, deps.clock, passwordParams);
  let dummy: Promise<string> | undefined;
  return Object.assign(Object.create(deps) as AppDeps, {
    users,
    sessions: createSessionsRepo(deps.store, deps.clock),
    invitations: createInvitationsRepo(deps.store, users, deps.clock),
    developerKeys: createDeveloperKeysRepo(deps.store, deps.clock),
    catalogue: createCheckCatalogue({
      store: deps.store,
      builtins: BUILTIN_CHECKS,
      validateRule: validateCustomRule,
      clock: deps.clock,
      // Promotion to active needs agreement with people's labels, as from the CLI (checks/promotion-gate.ts).
      onStatusChange: promotionGate(createLabelsRepo(deps.store), deps.clock),
    }),
    signInLimiter: await createSignInLimiter(deps.store),
    dummyPasswordHash: () => {
      dummy ??= hashPassword(generatePassword(), passwordParams);
      return dummy;
    },
    secureCookies: deps.config.publicUrl.startsWith('https:'),
  });
}
