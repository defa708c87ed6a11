/** A store with a project, an endpoint pointing at a real loopback receiver, and a dispatcher on a controllable clock. */
import pino from 'pino';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { createDeliveriesRepo } from '../../src/storage/webhooks/deliveries.js';
import { createEndpointsRepo, type WebhookScope } from '../../src/storage/webhooks/endpoints.js';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../../src/webhooks/dispatcher.js';
import type { EventType } from '../../src/webhooks/events.js';
import type { TestBackend } from '../harness/backends.js';

export const ALLOW_LOOPBACK = { allowPrivate: true, allowHttp: true };

export interface HookWorld {
  store: OpenedStore;
  scope: WebhookScope;
  projectId: string;
  workspaceId: string;
  clock: () => number;
  advance(ms: number): void;
  setNow(ms: number): void;
  endpoints: ReturnType<typeof createEndpointsRepo>;
  deliveries: ReturnType<typeof createDeliveriesRepo>;
  addEndpoint(url: string, events?: EventType[]): Promise<{ id: string; secret: string }>;
  dispatcher(options?: Partial<DispatcherOptions>): Dispatcher;
  /** Claims and delivers until nothing is due at the current time. */
  drain(dispatcher: Dispatcher): Promise<void>;
  messages(): Promise<
    Array<{
      id: string;
      event_type: string;
      status: string;
      attempts: number;
      next_attempt_at: number;
      payload: string;
      endpoint_id: string;
    }>
  >;
  dispose(): Promise<void>;
}

export async function createHookWorld(backend: TestBackend, start = Date.now()): Promise<HookWorld> {
  const opened = await backend.open();
  const { store } = opened;
  let now = start;
  const clock = () => now;
  const tenancy = createTenancyRepo(store, clock);
  const workspace = await tenancy.createWorkspace('Hooks', 'UTC');
  const project = await tenancy.createProject(workspace.id, 'Hooks project');
  const scope: WebhookScope = { projectId: project.id, environment: 'test' };
  const endpoints = createEndpointsRepo(store, clock);
  const logger = pino({ level: 'silent' });
  return {
    store,
    scope,
    projectId: project.id,
    workspaceId: workspace.id,
    clock,
    advance: (ms) => {
      now += ms;
    },
    setNow: (ms) => {
      now = ms;
    },
    endpoints,
    deliveries: createDeliveriesRepo(store, clock),
    async addEndpoint(url, events) {
      const created = await endpoints.create(scope, { url, events: events ?? null });
      return { id: created.endpoint.id, secret: created.secret };
    },
    dispatcher: (options = {}) =>
      createDispatcher(store, logger, { policy: ALLOW_LOOPBACK, clock, timeoutMs: 2_000, ...options }),
    async drain(dispatcher) {
      for (let i = 0; i < 100; i++) {
        const claimed = await dispatcher.runOnce();
        await dispatcher.idle();
        if (claimed === 0) return;
      }
      throw new Error('dispatcher did not drain');
    },
    async messages() {
      const rows = await store.db
        .selectFrom('webhook_messages')
        .select(['id', 'event_type', 'status', 'attempts', 'next_attempt_at', 'payload', 'endpoint_id'])
        .where('project_id', '=', project.id)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts), next_attempt_at: Number(r.next_attempt_at) }));
    },
    dispose: () => opened.dispose(),
  };
}
