/** What a conversation's dashboard_url opens: header, transcript timeline, results and labels, metadata. */
import { useEffect, useMemo, useState } from 'react';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Loading } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { useConversation } from '../api/get-conversation';
import { ConversationHeader } from './conversation-header';
import { JsonTree } from './json-tree';
import { FailedNotice, RerunButton } from './rerun-panel';
import { ResultsPanel } from './results-panel';
import { TranscriptTimeline } from './transcript-timeline';

export function ConversationView({
  env,
  id,
  canLabel,
  canRerun,
  onProject,
}: {
  env: Env;
  id: string;
  canLabel: boolean;
  canRerun: boolean;
  /** The project the conversation belongs to, so the shell's picker can follow it. */
  onProject: (projectId: string) => void;
}) {
  const query = useConversation(env, id);
  const [selected, setSelected] = useState<string | null>(null);
  const conversation = query.data;

  useEffect(() => {
    if (conversation) onProject(conversation.project_id);
  }, [conversation, onProject]);

  const evidence = useMemo(() => {
    const result = conversation?.results.find((r) => r.check_key === selected);
    return new Set(result?.evidence_turns ?? []);
  }, [conversation, selected]);

  useEffect(() => {
    const first = [...evidence].sort((a, b) => a - b)[0];
    if (first === undefined) return;
    document.getElementById(`turn-${first}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [evidence]);

  if (query.isPending) return <Loading what="Loading the conversation" />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="empty">
          No conversation {id} in the {env} environment of this workspace. It may belong to the other environment.
        </div>
      );
    }
    return <ErrorMessage error={query.error} />;
  }
  const c = conversation as NonNullable<typeof conversation>;
  const scoring = c.status === 'queued' || c.status === 'evaluating';

  return (
    <article className="conversation">
      <ConversationHeader
        conversation={c}
        actions={canRerun && c.status !== 'failed' ? <RerunButton env={env} conversation={c} /> : null}
      />
      {c.status === 'failed' ? <FailedNotice env={env} conversation={c} canRerun={canRerun} /> : null}
      {scoring ? (
        <div className="alert alert-info" role="status">
          Scoring is under way; this page follows it.
        </div>
      ) : null}
      <div className="conversation-body">
        <section className="panel transcript-panel" aria-labelledby="transcript-heading">
          <h2 id="transcript-heading">
            Transcript <span className="muted small">{c.transcript.length} turns</span>
          </h2>
          <TranscriptTimeline turns={c.transcript} events={c.events} channel={c.channel} highlighted={evidence} />
          <details className="metadata" data-testid="metadata">
            <summary>Metadata</summary>
            <JsonTree value={c.metadata} />
          </details>
        </section>
        <section className="panel results-panel" aria-labelledby="results-heading">
          <h2 id="results-heading">
            Results <span className="muted small">choose one to see its evidence</span>
          </h2>
          <ResultsPanel
            env={env}
            conversationId={c.id}
            results={c.results}
            labels={c.labels}
            selected={selected}
            onSelect={setSelected}
            canLabel={canLabel}
            scoring={scoring}
          />
        </section>
      </div>
    </article>
  );
}
