/**
 * A person's answer to one result: Pass (no problem) or Fail (the problem happened) with an optional note, or
 * for a multiple-choice check such as `outcome`, the right choice.
 */
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import type { Env } from '../../../lib/environment';
import { useCreateLabel } from '../api/create-label';
import { type CheckResult, OUTCOME_CHOICES, OUTCOME_WORDS } from '../types';

function choicesOf(result: CheckResult): string[] | null {
  if (result.check_choices && result.check_choices.length > 0) return result.check_choices;
  if (result.check_key === 'outcome') return [...OUTCOME_CHOICES];
  if (result.choice !== null) return [result.choice];
  return null;
}

export function LabelForm({ env, conversationId, result }: { env: Env; conversationId: string; result: CheckResult }) {
  const create = useCreateLabel(env, conversationId);
  const choices = choicesOf(result);
  const [verdict, setVerdict] = useState<'pass' | 'fail' | null>(null);
  const [choice, setChoice] = useState(result.choice ?? choices?.[0] ?? '');
  const [note, setNote] = useState('');
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = choices
      ? { check_key: result.check_key, choice, ...(note ? { note } : {}) }
      : { check_key: result.check_key, verdict: verdict ?? 'pass', ...(note ? { note } : {}) };
    create.mutate(input, {
      onSuccess: () => {
        setNote('');
        setVerdict(null);
        setSaved(true);
      },
    });
  };
  const ready = choices ? choice !== '' : verdict !== null;

  return (
    <form className="label-form" onSubmit={submit} aria-label={`Label ${result.check_name}`}>
      {choices ? (
        <label className="inline-field">
          <span>The right answer</span>
          <select value={choice} onChange={(e) => setChoice(e.target.value)}>
            {choices.map((option) => (
              <option key={option} value={option}>
                {OUTCOME_WORDS[option] ?? option}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className="segmented bare" aria-label="Your verdict">
          <Button
            className={verdict === 'pass' ? 'is-on pass' : 'pass'}
            aria-pressed={verdict === 'pass'}
            onClick={() => setVerdict('pass')}
            title="No problem happened"
          >
            Pass
          </Button>
          <Button
            className={verdict === 'fail' ? 'is-on fail' : 'fail'}
            aria-pressed={verdict === 'fail'}
            onClick={() => setVerdict('fail')}
            title="The problem happened"
          >
            Fail
          </Button>
        </fieldset>
      )}
      <input
        className="label-note"
        placeholder="Note (optional)"
        maxLength={1000}
        value={note}
        onChange={(e) => {
          setNote(e.target.value);
          setSaved(false);
        }}
      />
      <Button type="submit" variant="primary" busy={create.isPending} disabled={!ready}>
        Save label
      </Button>
      {saved && !create.isPending ? <span className="muted small">Saved</span> : null}
      <ErrorMessage error={create.error} />
    </form>
  );
}
