/** `cqm webhooks …`: register and manage webhook endpoints, read their delivery log, redeliver by hand. */
import { type Command, Option } from 'commander';
import { ENVIRONMENTS, type Environment } from '../../domain/conversation.js';
import type { Store } from '../../storage/store.js';
import { createDeliveriesRepo } from '../../storage/webhooks/deliveries.js';
import { createEndpointsRepo, type WebhookScope } from '../../storage/webhooks/endpoints.js';
import { enqueuePing } from '../../storage/webhooks/outbox.js';
import { EVENT_TYPES, type EventType } from '../../webhooks/events.js';
import { checkTarget, type UrlPolicy } from '../../webhooks/url-policy.js';
import {
  emit,
  emitList,
  type Output,
  resolveProject,
  type Settings,
  table,
  timeCell,
  UsageError,
  withStore,
} from './shared.js';

interface ScopeOptions extends Output {
  project?: string;
  env: Environment;
}

function scoped(command: Command): Command {
  return command
    .option('--project <id>', 'project (default: the only one)')
    .addOption(new Option('--env <environment>', 'environment of the endpoint').choices(ENVIRONMENTS).default('test'))
    .option('--json', 'print JSON');
}

/**
 * The settings that would let a refused URL through. The CLI reads the policy from its own environment, as the
 * server reads it from its own: a URL the running server would accept can be refused here when the two differ,
 * so the message names the setting to change rather than leaving the difference to be guessed.
 */
async function settingsThatAllow(url: string, environment: Environment, policy: UrlPolicy): Promise<string[]> {
  const names: string[] = [];
  if (!policy.allowPrivate && !(await checkTarget(url, environment, { ...policy, allowPrivate: true })))
    names.push('CQM_WEBHOOK_ALLOW_PRIVATE=1');
  if (!policy.allowHttp && !(await checkTarget(url, environment, { ...policy, allowHttp: true })))
    names.push('CQM_WEBHOOK_ALLOW_HTTP=1');
  if (names.length === 0 && !(await checkTarget(url, environment, { allowPrivate: true, allowHttp: true })))
    names.push('CQM_WEBHOOK_ALLOW_PRIVATE=1 and CQM_WEBHOOK_ALLOW_HTTP=1');
  return names;
}

function parseEvents(list: string | undefined): EventType[] | null | undefined {
  if (list === undefined) return undefined;
  if (list === '' || list === 'all' || list === '*') return null;
  const events = list.split(',').map((e) => e.trim());
  const unknown = events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
  if (unknown.length)
    throw new UsageError(`Unknown event type(s): ${unknown.join(', ')}. Known: ${EVENT_TYPES.join(', ')}.`);
  return events as EventType[];
}

export function registerWebhookCommands(program: Command, settings: Settings): void {
  const webhooks = program.command('webhooks').description('webhook endpoints (per project and environment)');

  async function withScope<T>(options: ScopeOptions, work: (store: Store, scope: WebhookScope) => Promise<T>) {
    return withStore(settings(), async (store, tenancy) =>
      work(store, { projectId: await resolveProject(tenancy, options.project), environment: options.env }),
    );
  }
  async function assertUrl(scope: WebhookScope, url: string) {
    const policy = settings().webhooks;
    const problem = await checkTarget(url, scope.environment, policy);
    if (!problem) return;
    const allowing = await settingsThatAllow(url, scope.environment, policy);
    const hint = allowing.length
      ? ` To allow it, set ${allowing.join(' or ')} in the environment of this command, as in the server's (both read the same settings, each from its own environment).`
      : '';
    throw new UsageError(`--url ${problem}.${hint}`);
  }
  const missing = (id: string, scope: WebhookScope) =>
    new UsageError(`No webhook endpoint ${id} in the ${scope.environment} environment.`);

  scoped(webhooks.command('create').description('register an endpoint; prints its signing secret once'))
    .requiredOption('--url <url>', 'where events are POSTed')
    .option('--events <list>', `comma-separated event types (default: all): ${EVENT_TYPES.join(', ')}`)
    .option('--description <text>', 'a note for people')
    .action(async (options: ScopeOptions & { url: string; events?: string; description?: string }) => {
      const events = parseEvents(options.events);
      const created = await withScope(options, async (store, scope) => {
        await assertUrl(scope, options.url);
        return createEndpointsRepo(store).create(scope, {
          url: options.url,
          events,
          description: options.description ?? null,
        });
      });
      emit(
        options,
        `Created webhook endpoint ${created.endpoint.id} (${options.env}) for ${created.endpoint.url}.\nSigning secret (shown once): ${created.secret}`,
        { ...created.endpoint, secret: created.secret },
      );
    });

  scoped(webhooks.command('list').description('endpoints of the project and environment')).action(
    async (options: ScopeOptions) => {
      const rows = await withScope(options, (store, scope) => createEndpointsRepo(store).list(scope, { limit: 1000 }));
      const human = table(
        ['ID', 'STATE', 'EVENTS', 'URL'],
        rows.map((e) => [
          e.id,
          e.enabled ? 'enabled' : `disabled (${e.disabled_reason})`,
          (e.events ?? ['all']).join(','),
          e.url,
        ]),
        `No webhook endpoints in the ${options.env} environment.`,
      );
      emitList(options, human, rows);
    },
  );

  scoped(webhooks.command('update <id>').description('change URL, events or description; enable or disable'))
    .option('--url <url>', 'new URL')
    .option('--events <list>', 'comma-separated event types, or "all"')
    .option('--description <text>', 'a note for people')
    .option('--enable', 're-enable the endpoint')
    .option('--disable', 'stop deliveries')
    .action(
      async (
        id: string,
        options: ScopeOptions & {
          url?: string;
          events?: string;
          description?: string;
          enable?: boolean;
          disable?: boolean;
        },
      ) => {
        if (options.enable && options.disable) throw new UsageError('Choose --enable or --disable, not both.');
        const updated = await withScope(options, async (store, scope) => {
          if (options.url !== undefined) await assertUrl(scope, options.url);
          const result = await createEndpointsRepo(store).update(scope, id, {
            ...(options.url !== undefined ? { url: options.url } : {}),
            ...(options.events !== undefined ? { events: parseEvents(options.events) } : {}),
            ...(options.description !== undefined ? { description: options.description } : {}),
            ...(options.enable ? { enabled: true } : options.disable ? { enabled: false } : {}),
          });
          if (!result) throw missing(id, scope);
          return result;
        });
        emit(options, `Updated ${id}: ${updated.enabled ? 'enabled' : 'disabled'}, ${updated.url}.`, updated);
      },
    );

  for (const [name, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    scoped(webhooks.command(`${name} <id>`).description(`${name} an endpoint`)).action(
      async (id: string, options: ScopeOptions) => {
        const updated = await withScope(options, async (store, scope) => {
          const result = await createEndpointsRepo(store).update(scope, id, { enabled });
          if (!result) throw missing(id, scope);
          return result;
        });
        emit(options, `${enabled ? 'Enabled' : 'Disabled'} ${id}.`, updated);
      },
    );
  }

  scoped(webhooks.command('delete <id>').description('delete an endpoint; undelivered messages are cancelled')).action(
    async (id: string, options: ScopeOptions) => {
      await withScope(options, async (store, scope) => {
        if (!(await createEndpointsRepo(store).remove(scope, id))) throw missing(id, scope);
      });
      emit(options, `Deleted ${id}.`, { id, deleted: true });
    },
  );

  scoped(webhooks.command('rotate <id>').description('new signing secret; the old one also signs for 24 hours')).action(
    async (id: string, options: ScopeOptions) => {
      const rotated = await withScope(options, async (store, scope) => {
        const result = await createEndpointsRepo(store).rotate(scope, id);
        if (!result) throw missing(id, scope);
        return result;
      });
      emit(
        options,
        `New signing secret for ${id} (shown once): ${rotated.secret}\nThe previous secret also signs until ${rotated.endpoint.previous_secret_expires_at}.`,
        { ...rotated.endpoint, secret: rotated.secret },
      );
    },
  );

  scoped(webhooks.command('test <id>').description('queue a ping event to the endpoint')).action(
    async (id: string, options: ScopeOptions) => {
      const queued = await withScope(options, async (store, scope) => {
        const endpoint = await createEndpointsRepo(store).findRow(scope, id);
        if (!endpoint) throw missing(id, scope);
        return enqueuePing(store, scope, endpoint, Date.now());
      });
      emit(options, `Queued ping ${queued.message_id}; a running worker delivers it.`, queued);
    },
  );

  scoped(webhooks.command('messages <id>').description('the latest messages to an endpoint')).action(
    async (id: string, options: ScopeOptions) => {
      const rows = await withScope(options, (store, scope) => createDeliveriesRepo(store).messages(scope, id));
      const human = table(
        ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'CREATED', 'LAST ANSWER'],
        rows.map((m) => [
          m.id,
          m.event_type,
          m.status,
          String(m.attempts),
          timeCell(m.created_at),
          String(m.last_status_code ?? m.last_error ?? '-'),
        ]),
        'No messages.',
      );
      emitList(options, human, rows);
    },
  );

  scoped(webhooks.command('attempts <message>').description('every attempt to deliver a message')).action(
    async (messageId: string, options: ScopeOptions) => {
      const rows = await withScope(options, async (store, scope) => {
        const attempts = await createDeliveriesRepo(store).attempts(scope, messageId);
        if (!attempts) throw new UsageError(`No message ${messageId} in the ${scope.environment} environment.`);
        return attempts;
      });
      const human = table(
        ['ATTEMPT', 'AT', 'ANSWER', 'LATENCY', 'RESPONSE'],
        rows.map((a) => [
          `#${a.attempt}`,
          timeCell(a.created_at),
          String(a.status_code ?? a.error),
          `${a.latency_ms} ms`,
          (a.response_excerpt ?? '').slice(0, 80).replace(/\s+/g, ' '),
        ]),
        'No attempts yet.',
      );
      emitList(options, human, rows);
    },
  );

  scoped(
    webhooks.command('redeliver <message>').description('send a message again (same delivery id and body)'),
  ).action(async (messageId: string, options: ScopeOptions) => {
    await withScope(options, async (store, scope) => {
      if (!(await createDeliveriesRepo(store).redeliver(scope, messageId))) {
        throw new UsageError(`No message ${messageId} to redeliver in the ${scope.environment} environment.`);
      }
    });
    emit(options, `Queued ${messageId} for redelivery.`, { id: messageId, status: 'pending' });
  });
}
