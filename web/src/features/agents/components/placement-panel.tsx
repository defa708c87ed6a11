/**
 * Placing an agent as a person: into a group (an existing one or a new one), into none, archiving. From then on
 * the `group` that conversations name is ignored for this agent.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useArchiveAgent, useGroupChoices, usePlaceAgent } from '../api/agents';
import type { AgentPage } from '../types';

const NONE = '';
const NEW = '__new__';

export function PlacementPanel({ projectId, env, agent }: { projectId: string; env: Env; agent: AgentPage }) {
  const groups = useGroupChoices(projectId, env);
  const time = useTimeFormat();
  const place = usePlaceAgent(projectId, env, agent.id);
  const archive = useArchiveAgent(projectId, env, agent.id);
  const [choice, setChoice] = useState(agent.group?.id ?? NONE);
  const [newId, setNewId] = useState('');
  const [newName, setNewName] = useState('');
  const fields = place.error instanceof ApiError ? place.error.fields : {};
  const move = () => {
    if (choice === NEW) place.mutate({ group_id: newId.trim(), new_group_name: newName.trim() || newId.trim() });
    else place.mutate({ group_id: choice === NONE ? null : choice });
  };
  return (
    <section className="panel stack" aria-label="Placement" data-testid="placement">
      <h2>Group</h2>
      <p className="muted small">
        {agent.placement.by_kind === 'person'
          ? `Placed by ${agent.placement.by_name ?? 'a person'}${agent.placement.at ? ` on ${time.dateTime(agent.placement.at)}` : ''}; the group conversations name is ignored.`
          : 'Filed by its conversations. Placing it here makes the group conversations name be ignored from then on.'}
      </p>
      <div className="row">
        <Field label="Move to" errors={fields.group_id}>
          <select name="group" value={choice} onChange={(e) => setChoice(e.target.value)} data-testid="group-select">
            <option value={NONE}>No group</option>
            {(groups.data?.data ?? []).map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
            <option value={NEW}>A new group…</option>
          </select>
        </Field>
        {choice === NEW ? (
          <>
            <Field label="New group id">
              <input name="new-group-id" value={newId} onChange={(e) => setNewId(e.target.value)} />
            </Field>
            <Field label="Name">
              <input name="new-group-name" value={newName} onChange={(e) => setNewName(e.target.value)} />
            </Field>
          </>
        ) : null}
        <Button variant="primary" busy={place.isPending} onClick={move} data-testid="move-agent">
          Move
        </Button>
        <Button
          busy={archive.isPending}
          onClick={() => archive.mutate({ archived: agent.archived_at === null })}
          data-testid="archive-agent"
        >
          {agent.archived_at === null ? 'Archive' : 'Unarchive'}
        </Button>
      </div>
      {place.error && !fields.group_id ? <ErrorMessage error={place.error} /> : null}
      <ErrorMessage error={archive.error} />
    </section>
  );
}
