/**
 * The status-change hook of the checks catalogue: a check may start alerting (become `active`) only when it
 * agrees with people's labels (by default at least 20 labelled results of its current version and kappa at
 * least 0.6), unless an owner writes why it should anyway. Every change is kept in the check's history with
 * the agreement it was made on. Gated: shadow -> active for every check, and any way to active for a
 * plain-language check (created active, or from draft). A rule check may still be created active or go from
 * draft to active as before: a rule is exact, and a draft has only seen practice calls.
 */
import type { Kysely } from 'kysely';
import { ENVIRONMENTS } from '../domain/conversation.js';
import { newId } from '../domain/ids.js';
import type { LabelsRepo } from '../storage/labels-repo.js';
import type { Database } from '../storage/schema.js';
import { checkAgreement } from './agreement.js';
import { CatalogueError, type StatusChange } from './catalogue.js';

const MAX_REASON_LENGTH = 2_000;

export function promotionGate(labels: Pick<LabelsRepo, 'labelledResults'>, clock: () => number = Date.now) {
  return async (tx: Kysely<Database>, change: StatusChange): Promise<void> => {
    const { check } = change;
    const reason = change.overrideReason?.trim() || undefined;
    if (reason && reason.length > MAX_REASON_LENGTH)
      throw new CatalogueError(`An override reason is at most ${MAX_REASON_LENGTH} characters.`);
    const gated = change.to === 'active' && (change.from === 'shadow' || check.judge !== undefined);
    // Labels from both environments count: a label is a person's judgement of a result wherever it was scored.
    const agreement = gated
      ? await checkAgreement(labels, change.projectId, check, { environments: [...ENVIRONMENTS], ex: tx })
      : null;
    if (agreement && !agreement.meets_bar && !reason) {
      throw new CatalogueError(
        `${check.key} cannot alert yet: ${agreement.short_of_bar}. ` +
          `Label more results, or promote it anyway with --override-reason "why" (kept in the check's history).`,
      );
    }
    await tx
      .insertInto('check_status_changes')
      .values({
        id: newId('chg', clock()),
        project_id: change.projectId,
        key: check.key,
        version: check.version,
        from_status: change.from ?? 'none',
        to_status: change.to,
        override_reason: agreement && !agreement.meets_bar ? (reason ?? null) : null,
        agreement: agreement
          ? JSON.stringify({
              labelled: agreement.current_version.labelled,
              accuracy: agreement.current_version.accuracy,
              kappa: agreement.current_version.kappa,
              meets_bar: agreement.meets_bar,
            })
          : null,
        created_at: clock(),
      })
      .execute();
  };
}

/** A check's status history, newest first. */
export async function statusHistory(db: Kysely<Database>, projectId: string, key: string) {
  const rows = await db
    .selectFrom('check_status_changes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('key', '=', key)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    version: Number(row.version),
    from: row.from_status,
    to: row.to_status,
    override_reason: row.override_reason,
    agreement: row.agreement ? (JSON.parse(row.agreement) as Record<string, unknown>) : null,
    created_at: new Date(Number(row.created_at)).toISOString(),
  }));
}
