/**
 * Re-running a conversation's scoring. A failed one says why its last attempt failed, in the service's words,
 * with the button in plain sight; any other conversation gets a quiet button in the header.
 */
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import type { Env } from '../../../lib/environment';
import { useRerunConversation } from '../api/rerun-conversation';
import type { ConversationDetail } from '../types';

export function RerunButton({ env, conversation }: { env: Env; conversation: ConversationDetail }) {
  const rerun = useRerunConversation(env, conversation.id);
  const scoring = conversation.status === 'queued' || conversation.status === 'evaluating';
  return (
    <span className="rerun">
      <Button onClick={() => rerun.mutate()} busy={rerun.isPending} disabled={scoring}>
        {scoring ? 'Scoring…' : 'Re-run scoring'}
      </Button>
      <ErrorMessage error={rerun.error} />
    </span>
  );
}

export function FailedNotice({
  env,
  conversation,
  canRerun,
}: {
  env: Env;
  conversation: ConversationDetail;
  canRerun: boolean;
}) {
  const rerun = useRerunConversation(env, conversation.id);
  return (
    <section className="alert alert-error failed-notice" data-testid="failed-notice">
      <div>
        {/* The service words the last error plainly, with how many attempts failed. */}
        <strong>Scoring failed.</strong>{' '}
        <span className="last-error">{conversation.last_error ?? 'The service recorded no reason.'}</span>
        <div className="small">Nothing was lost: the conversation is stored and can be scored again.</div>
      </div>
      {canRerun ? (
        <Button variant="primary" onClick={() => rerun.mutate()} busy={rerun.isPending}>
          Re-run scoring
        </Button>
      ) : null}
      <ErrorMessage error={rerun.error} />
    </section>
  );
}
