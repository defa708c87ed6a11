import type { ReactNode } from 'react';
import { clock, useTimeFormat } from '../../../lib/time';
import type { ConversationDetail } from '../types';
import { OutcomeBadge, StatusBadge } from './status-badges';

const ENDED_BY: Record<string, string> = {
  agent: 'the agent',
  caller: 'the caller',
  user: 'the user',
  human_agent: 'a person',
  timeout: 'timeout',
  system: 'the system',
};

export function ConversationHeader({
  conversation,
  actions,
}: {
  conversation: ConversationDetail;
  actions?: ReactNode;
}) {
  const time = useTimeFormat();
  const c = conversation;
  return (
    <header className="conversation-header">
      <div className="conversation-title">
        <h1 data-testid="external-id">{c.external_id}</h1>
        <StatusBadge status={c.status} />
        <OutcomeBadge outcome={c.outcome} />
        <code className="muted small conversation-id">{c.id}</code>
        <span className="spacer" />
        {actions}
      </div>
      <dl className="facts">
        <Fact name="Agent">
          {c.agent.name}
          {c.agent.version ? <span className="muted"> · {c.agent.version}</span> : null}
        </Fact>
        <Fact name="Group">{c.group ? c.group.name : <span className="muted">none</span>}</Fact>
        <Fact name="Channel">{c.channel}</Fact>
        <Fact name="Started">{time.precise(c.started_at)}</Fact>
        <Fact name="Ended">{time.precise(c.ended_at)}</Fact>
        <Fact name="Ended by">{c.ended_by ? (ENDED_BY[c.ended_by] ?? c.ended_by) : '—'}</Fact>
        <Fact name="Duration">{c.duration_ms === null ? '—' : clock(c.duration_ms)}</Fact>
      </dl>
    </header>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}
