/**
 * Watches active checks' agreement with people's labels: every minute, each check that got new labels is
 * measured over its last 50 labelled results; one whose kappa falls below the bar (with at least 20 labels)
 * is flagged (GET /v1/checks shows `agreement_dropped_at`) and a `check.agreement_dropped` webhook goes out,
 * once per drop, in the transaction that sets the flag. When agreement recovers the flag clears, so a later
 * drop is announced again. Flags and events are per environment, like labels and webhook endpoints.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pairsOf } from '../checks/agreement.js';
import type { CheckCatalogue } from '../checks/catalogue.js';
import { AGREEMENT_BAR, agreementOf } from '../domain/agreement.js';
import type { CheckDefinition } from '../domain/checks.js';
import type { Environment } from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import type { CheckAgreementDroppedPayload } from '../domain/webhook-events.js';
import type { LabelsRepo } from '../storage/labels-repo.js';
import type { Store } from '../storage/store.js';
import { subscribes } from '../storage/webhooks/endpoints.js';
import { enqueueEvent } from '../storage/webhooks/outbox.js';

export const AGREEMENT_WATCH_INTERVAL_MS = 60_000;
/** Labels are read back this far before the last sweep, so one committed late is not missed. */
const OVERLAP_MS = 10_000;

export function createAgreementWatch(deps: {
  store: Store;
  catalogue: Pick<CheckCatalogue, 'list'>;
  labels: Pick<LabelsRepo, 'labelledResults'>;
  logger: FastifyBaseLogger;
  clock?: () => number;
  intervalMs?: number;
}) {
  const clock = deps.clock ?? Date.now;
  let watermark = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function evaluate(projectId: string, environment: Environment, check: CheckDefinition): Promise<void> {
    const labelled = (await deps.labels.labelledResults(projectId, [environment], check.key)).slice(
      0,
      AGREEMENT_BAR.watchedLabels,
    );
    const agreement = agreementOf(pairsOf(check, labelled));
    const dropped =
      agreement.labelled >= AGREEMENT_BAR.minLabels &&
      agreement.kappa !== null &&
      agreement.kappa < AGREEMENT_BAR.minKappa;
    await deps.store.write(async (tx) => {
      const now = clock();
      const flag = await tx
        .selectFrom('check_agreement_flags')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('environment', '=', environment)
        .where('key', '=', check.key)
        .executeTakeFirst();
      const wasDropped = flag?.dropped_at != null;
      const droppedAt = dropped ? (wasDropped ? Number(flag?.dropped_at) : now) : null;
      const row = { dropped_at: droppedAt, kappa: agreement.kappa, labels: agreement.labelled, evaluated_at: now };
      if (flag) {
        await tx
          .updateTable('check_agreement_flags')
          .set(row)
          .where('project_id', '=', projectId)
          .where('environment', '=', environment)
          .where('key', '=', check.key)
          .execute();
      } else {
        await tx
          .insertInto('check_agreement_flags')
          .values({ project_id: projectId, environment, key: check.key, ...row })
          .execute();
      }
      if (!dropped || wasDropped) return;
      const endpoints = await tx
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('project_id', '=', projectId)
        .where('environment', '=', environment)
        .where('enabled', '=', 1)
        .execute();
      const to = endpoints.filter((endpoint) => subscribes(endpoint, 'check.agreement_dropped')).map((e) => e.id);
      const payload: CheckAgreementDroppedPayload = {
        id: newId('evt', now),
        type: 'check.agreement_dropped',
        created_at: new Date(now).toISOString(),
        environment,
        data: {
          check: { key: check.key, name: check.name, version: check.version },
          window: AGREEMENT_BAR.watchedLabels,
          labelled: agreement.labelled,
          accuracy: agreement.accuracy,
          kappa: agreement.kappa,
          bar: { min_labels: AGREEMENT_BAR.minLabels, min_kappa: AGREEMENT_BAR.minKappa },
        },
      };
      await enqueueEvent(tx, { projectId, environment }, to, payload, now);
    });
  }

  /** Measures every active check that got labels since the last sweep. */
  async function sweep(): Promise<void> {
    const since = watermark;
    watermark = clock() - OVERLAP_MS;
    const touched = await deps.store.db
      .selectFrom('feedback_labels')
      .select(['project_id', 'environment', 'check_key'])
      .where('created_at', '>=', since)
      .distinct()
      .execute();
    const byProject = new Map<string, typeof touched>();
    for (const row of touched) byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row]);
    for (const [projectId, rows] of byProject) {
      const checks = new Map((await deps.catalogue.list(projectId)).map((entry) => [entry.check.key, entry]));
      for (const row of rows) {
        const entry = checks.get(row.check_key);
        if (!entry?.enabled || entry.check.status !== 'active') continue;
        await evaluate(projectId, row.environment as Environment, entry.check);
      }
    }
  }

  return {
    sweep,
    start() {
      timer = setInterval(() => {
        running ??= sweep()
          .catch((error) => deps.logger.warn({ err: error }, 'agreement watch failed; trying again next minute'))
          .finally(() => {
            running = undefined;
          });
      }, deps.intervalMs ?? AGREEMENT_WATCH_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
