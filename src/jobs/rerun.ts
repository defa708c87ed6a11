import { SCORE_CONVERSATION_JOB, scoringJobIdFor } from '../storage/conversation-ingest.js';
import type { Store } from '../storage/store.js';

/**
 * Queues a conversation for scoring again (a `failed` one, or one whose checks changed): its job starts over
 * with five fresh attempts. Its old results stay stored until the new ones replace them in one transaction
 * (GET shows results only while the status is `done`, as the specification says).
 */
export function rerunConversation(
  store: Store,
  conversationId: string,
  clock: () => number = Date.now,
): Promise<boolean> {
  return store.write(async (tx) => {
    const conversation = await tx
      .selectFrom('conversations')
      .select(['id', 'project_id', 'environment'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation) return false;
    const now = clock();
    const requeued = await tx
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: 0,
        run_at: now,
        lease_until: null,
        locked_by: null,
        last_error: null,
        updated_at: now,
      })
      .where('id', '=', scoringJobIdFor(conversation.id))
      .executeTakeFirst();
    if (requeued.numUpdatedRows === 0n) {
      await tx
        .insertInto('jobs')
        .values({
          id: scoringJobIdFor(conversation.id),
          kind: SCORE_CONVERSATION_JOB,
          project_id: conversation.project_id,
          environment: conversation.environment,
          subject_id: conversation.id,
          status: 'queued',
          run_at: now,
          lease_until: null,
          locked_by: null,
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await tx
      .updateTable('conversations')
      .set({ status: 'queued', updated_at: now })
      .where('id', '=', conversation.id)
      .execute();
    return true;
  });
}
