/**
 * Where a check applies, edited as people think of it: which channels, which agents and groups (ids, comma
 * separated), and metadata values (one key=value a line). Nothing filled in means every conversation.
 */
import { Field } from '../../../components/ui/field';
import type { CheckScope } from '../types';

export interface ScopeDraft {
  channels: ('voice' | 'chat')[];
  agents: string;
  groups: string;
  metadata: string;
}

export function draftFromScope(scope: CheckScope | null | undefined): ScopeDraft {
  return {
    channels: scope?.channels ?? [],
    agents: (scope?.agents ?? []).join(', '),
    groups: (scope?.groups ?? []).join(', '),
    metadata: Object.entries(scope?.metadata ?? {})
      .map(([key, value]) => `${key}=${String(value)}`)
      .join('\n'),
  };
}

const ids = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);

/** The scope to send: null when nothing narrows it. A metadata line without "=" is kept whole as a key. */
export function scopeFromDraft(draft: ScopeDraft): CheckScope | null {
  const scope: CheckScope = {};
  if (draft.channels.length > 0) scope.channels = draft.channels;
  if (ids(draft.agents).length > 0) scope.agents = ids(draft.agents);
  if (ids(draft.groups).length > 0) scope.groups = ids(draft.groups);
  const lines = draft.metadata
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length > 0) {
    scope.metadata = {};
    for (const line of lines) {
      const at = line.indexOf('=');
      scope.metadata[at < 0 ? line : line.slice(0, at).trim()] = at < 0 ? '' : line.slice(at + 1).trim();
    }
  }
  return Object.keys(scope).length > 0 ? scope : null;
}

/** One line for people: "voice only · agents front-desk". */
export function describeScope(scope: CheckScope | null | undefined): string {
  if (!scope) return 'Every conversation';
  const parts: string[] = [];
  if (scope.channels) parts.push(`${scope.channels.join(' and ')} only`);
  if (scope.agents) parts.push(`agents ${scope.agents.join(', ')}`);
  if (scope.groups) parts.push(`groups ${scope.groups.join(', ')}`);
  if (scope.metadata)
    parts.push(
      Object.entries(scope.metadata)
        .map(([key, value]) => `${key} = ${String(value)}`)
        .join(', '),
    );
  return parts.join(' · ');
}

export function ScopeEditor({
  value,
  onChange,
  errors,
}: {
  value: ScopeDraft;
  onChange: (next: ScopeDraft) => void;
  errors: Record<string, string[]>;
}) {
  const toggle = (channel: 'voice' | 'chat', on: boolean) =>
    onChange({
      ...value,
      channels: on ? [...new Set([...value.channels, channel])] : value.channels.filter((c) => c !== channel),
    });
  const scopeErrors = Object.entries(errors)
    .filter(([field]) => field === 'scope')
    .flatMap(([, problems]) => problems);
  return (
    <fieldset className="scope-editor" data-testid="scope-editor">
      <legend>Where it applies</legend>
      <p className="muted small">Leave everything empty to check every conversation.</p>
      <div className="row">
        <span className="field-label">Channels</span>
        {(['voice', 'chat'] as const).map((channel) => (
          <label key={channel} className="checkbox">
            <input
              type="checkbox"
              name={`scope-${channel}`}
              checked={value.channels.includes(channel)}
              onChange={(e) => toggle(channel, e.target.checked)}
            />
            {channel === 'voice' ? 'Voice' : 'Chat'}
          </label>
        ))}
      </div>
      {errors['scope.channels'] ? <span className="field-error">{errors['scope.channels'].join('; ')}</span> : null}
      <Field label="Agents (ids, comma separated)" errors={errors['scope.agents']}>
        <input
          name="scope-agents"
          value={value.agents}
          onChange={(e) => onChange({ ...value, agents: e.target.value })}
        />
      </Field>
      <Field label="Groups (ids, comma separated)" errors={errors['scope.groups']}>
        <input
          name="scope-groups"
          value={value.groups}
          onChange={(e) => onChange({ ...value, groups: e.target.value })}
        />
      </Field>
      <Field label="Metadata values (key=value, one a line)" errors={errors['scope.metadata']}>
        <textarea
          name="scope-metadata"
          rows={2}
          value={value.metadata}
          onChange={(e) => onChange({ ...value, metadata: e.target.value })}
        />
      </Field>
      {scopeErrors.length > 0 ? <span className="field-error">{scopeErrors.join('; ')}</span> : null}
    </fieldset>
  );
}
