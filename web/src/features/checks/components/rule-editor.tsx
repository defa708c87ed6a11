/**
 * A custom rule as a form: a phrase (any of some phrases), a pattern (a regular expression) or an event (a tool
 * call made, succeeded or avoided). The service decides whether a rule can run; its reasons appear under the
 * field they are about (an unsafe pattern under the pattern).
 */
import { Field } from '../../../components/ui/field';
import type { CheckRule } from '../types';

export type RuleKind = 'phrase' | 'pattern' | 'event';

export interface RuleDraft {
  kind: RuleKind;
  speaker: 'agent' | 'user' | 'human_agent' | 'any';
  mode: 'must_say' | 'must_not_say';
  within: 'first_turn' | 'any_turn';
  phrases: string;
  pattern: string;
  eventName: string;
  eventMode: 'must_call' | 'must_succeed' | 'must_not_call';
}

export const EMPTY_RULE: RuleDraft = {
  kind: 'phrase',
  speaker: 'agent',
  mode: 'must_say',
  within: 'any_turn',
  phrases: '',
  pattern: '',
  eventName: '',
  eventMode: 'must_succeed',
};

export function draftFromRule(rule: CheckRule | null | undefined): RuleDraft {
  if (!rule) return EMPTY_RULE;
  if (rule.type === 'event') return { ...EMPTY_RULE, kind: 'event', eventName: rule.name, eventMode: rule.mode };
  return {
    ...EMPTY_RULE,
    kind: rule.pattern !== undefined && (rule.phrases ?? []).length === 0 ? 'pattern' : 'phrase',
    speaker: rule.speaker,
    mode: rule.mode,
    within: rule.within,
    phrases: (rule.phrases ?? []).join('\n'),
    pattern: rule.pattern ?? '',
  };
}

export function ruleFromDraft(draft: RuleDraft): CheckRule {
  if (draft.kind === 'event') return { type: 'event', name: draft.eventName.trim(), mode: draft.eventMode };
  const base = { type: 'phrase' as const, speaker: draft.speaker, mode: draft.mode, within: draft.within };
  if (draft.kind === 'pattern') return { ...base, pattern: draft.pattern };
  return {
    ...base,
    phrases: draft.phrases
      .split('\n')
      .map((phrase) => phrase.trim())
      .filter((phrase) => phrase.length > 0),
  };
}

export function RuleEditor({
  value,
  onChange,
  errors,
}: {
  value: RuleDraft;
  onChange: (next: RuleDraft) => void;
  errors: Record<string, string[]>;
}) {
  const set = <K extends keyof RuleDraft>(field: K, next: RuleDraft[K]) => onChange({ ...value, [field]: next });
  const general = [...(errors.rule ?? []), ...(errors['rule.type'] ?? []), ...(errors['rule.mode'] ?? [])];
  return (
    <fieldset className="rule-editor" data-testid="rule-editor">
      <legend>Rule</legend>
      <div className="row" role="radiogroup" aria-label="Kind of rule">
        {(
          [
            ['phrase', 'Phrases said'],
            ['pattern', 'Pattern said'],
            ['event', 'Tool call'],
          ] as const
        ).map(([kind, label]) => (
          <label key={kind} className="checkbox">
            <input
              type="radio"
              name="rule-kind"
              value={kind}
              checked={value.kind === kind}
              onChange={() => set('kind', kind)}
            />
            {label}
          </label>
        ))}
      </div>
      {value.kind === 'event' ? (
        <div className="row">
          <Field label="Tool or event name" errors={errors['rule.name']}>
            <input name="rule-event-name" value={value.eventName} onChange={(e) => set('eventName', e.target.value)} />
          </Field>
          <Field label="It must">
            <select
              name="rule-event-mode"
              value={value.eventMode}
              onChange={(e) => set('eventMode', e.target.value as RuleDraft['eventMode'])}
            >
              <option value="must_call">be called</option>
              <option value="must_succeed">succeed</option>
              <option value="must_not_call">never be called</option>
            </select>
          </Field>
        </div>
      ) : (
        <>
          <div className="row">
            <Field label="Who" errors={errors['rule.speaker']}>
              <select
                name="rule-speaker"
                value={value.speaker}
                onChange={(e) => set('speaker', e.target.value as RuleDraft['speaker'])}
              >
                <option value="agent">the agent</option>
                <option value="user">the caller</option>
                <option value="human_agent">a person who took over</option>
                <option value="any">anyone</option>
              </select>
            </Field>
            <Field label="Must">
              <select
                name="rule-mode"
                value={value.mode}
                onChange={(e) => set('mode', e.target.value as RuleDraft['mode'])}
              >
                <option value="must_say">say it</option>
                <option value="must_not_say">never say it</option>
              </select>
            </Field>
            <Field label="Where" errors={errors['rule.within']}>
              <select
                name="rule-within"
                value={value.within}
                onChange={(e) => set('within', e.target.value as RuleDraft['within'])}
              >
                <option value="first_turn">in their first turn</option>
                <option value="any_turn">in any turn</option>
              </select>
            </Field>
          </div>
          {value.kind === 'phrase' ? (
            <Field label="Phrases (one a line; any one matches, case ignored)" errors={errors['rule.phrases']}>
              <textarea
                name="rule-phrases"
                rows={3}
                value={value.phrases}
                onChange={(e) => set('phrases', e.target.value)}
              />
            </Field>
          ) : (
            <Field label="Pattern (a regular expression, case ignored)" errors={errors['rule.pattern']}>
              <input name="rule-pattern" value={value.pattern} onChange={(e) => set('pattern', e.target.value)} />
            </Field>
          )}
        </>
      )}
      {general.length > 0 ? <span className="field-error">{general.join('; ')}</span> : null}
    </fieldset>
  );
}
