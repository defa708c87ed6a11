/** `bin/cqm serve`: the API and, unless --no-worker, a scoring worker (on its own thread) in one process. */
import pino from 'pino';
import { buildApp } from '../api/app.js';
import { invitationUrl } from '../app-api/views.js';
import type { Config } from '../config.js';
import { createInvitationsRepo } from '../storage/invitations-repo.js';
import { startIngestThread } from '../storage/sqlite/ingest-thread.js';
import type { Store } from '../storage/store.js';
import { type CreatedKey, createTenancyRepo } from '../storage/tenancy-repo.js';
import { createUsersRepo } from '../storage/users-repo.js';
import { appDeps, openMigratedStore } from './compose.js';
import { onShutdown } from './shutdown.js';

export async function serve(config: Config, options: { worker: boolean } = { worker: true }): Promise<void> {
  const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization'] });
  const store = await openMigratedStore(config, 'api');
  // On the embedded store, statements and commits run on the calling thread: keep the writes of ingest off
  // the thread that answers HTTP (see storage/sqlite/ingest-thread.ts).
  const ingestThread =
    store.dialect === 'sqlite' && config.sqliteIngestThread
      ? startIngestThread({ dataDir: config.dataDir, synchronous: config.sqliteSynchronous }, logger)
      : undefined;
  const deps = await appDeps(config, store, logger, ingestThread?.ingest);

  const firstKey = await deps.tenancy.bootstrap();
  if (firstKey) printFirstKey(firstKey);
  const setupLink = await setupLinkIfNobody(store, config.publicUrl);
  if (setupLink) printSetupLink(setupLink, firstKey !== null);

  // Scoring runs on a thread of its own; a conversation stored here is scored at once, not at the next poll.
  const scoring = options.worker
    ? (await import('./scoring-thread.js')).startScoringThread(process.env, logger)
    : undefined;
  if (scoring) deps.onConversationStored = () => scoring.nudge();

  const app = await buildApp(deps);
  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(
    { address, store: store.dialect, ingest: ingestThread ? 'thread' : 'inline', scoring: scoring ? 'thread' : 'off' },
    'listening',
  );

  onShutdown(logger, async () => {
    await app.close();
    await ingestThread?.stop();
    await scoring?.stop();
    await store.close();
  });
}

/**
 * While the first workspace has nobody in it, each start makes a setup link (an owner invitation, good once
 * for 24 hours) and withdraws the one printed before; once someone has signed up, none is made.
 */
async function setupLinkIfNobody(store: Store, publicUrl: string): Promise<string | null> {
  const [workspace] = await createTenancyRepo(store).listWorkspaces();
  if (!workspace) return null;
  const invitations = createInvitationsRepo(store, createUsersRepo(store));
  const setup = await invitations.createSetupIfNobody(workspace.id);
  return setup ? invitationUrl(publicUrl, setup.token) : null;
}

/** Printed outside the logger like the first key: the link signs its first visitor up as the owner. */
function printSetupLink(url: string, firstStart: boolean): void {
  process.stdout.write(
    [
      firstStart
        ? 'Sign in to the application: open this one-time setup link'
        : 'Nobody can sign in yet: open this one-time setup link',
      'to create the owner (it works once, for 24 hours; `cqm users create` does the same from a shell):',
      '',
      `    ${url}`,
      '',
      '',
    ].join('\n'),
  );
}

/** Printed outside the logger on purpose: the secret is shown this once, to the person starting the service. */
function printFirstKey(key: CreatedKey): void {
  process.stdout.write(
    [
      '',
      'First start: created a default workspace and project, and this test API key.',
      'It is shown only once; keep it somewhere safe:',
      '',
      `    ${key.key}`,
      '',
      'Post a conversation with it: see "Quick start" in README.md.',
      '',
    ].join('\n'),
  );
}
