/**
 * The definition of a check written in plain language: the question or criteria the judge answers, and the
 * kind of answer (pass/fail with "not applicable" allowed, a score from 0 to 1, or one of named choices).
 */
import './judge.css';
import { Field } from '../../../components/ui/field';
import type { JudgeDefinition } from '../../checks/types';

export interface JudgeDraft {
  question: string;
  answer: JudgeDefinition['answer'];
  choices: string;
}

export function draftFromJudge(judge: JudgeDefinition | null | undefined): JudgeDraft {
  return {
    question: judge?.question ?? '',
    answer: judge?.answer ?? 'pass_fail',
    choices: judge?.choices?.join(', ') ?? '',
  };
}

export function judgeFromDraft(draft: JudgeDraft): JudgeDefinition {
  return {
    question: draft.question,
    answer: draft.answer,
    ...(draft.answer === 'choice'
      ? {
          choices: draft.choices
            .split(',')
            .map((choice) => choice.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

const ANSWERS: { value: JudgeDefinition['answer']; label: string }[] = [
  { value: 'pass_fail', label: 'pass / fail (or not applicable)' },
  { value: 'score', label: 'a score from 0 to 1 (0.5 and above pass)' },
  { value: 'choice', label: 'one of named choices' },
];

export function JudgeEditor({
  value,
  onChange,
  errors,
}: {
  value: JudgeDraft;
  onChange: (next: JudgeDraft) => void;
  errors: Record<string, string[]>;
}) {
  return (
    <fieldset className="rule-editor" data-testid="judge-editor">
      <legend>Plain language: the judge reads the whole conversation and answers</legend>
      <Field
        label="Question or criteria"
        errors={errors.judge ?? errors['judge.question']}
        hint="Ask about one thing the agent should or should not do; the judge cites the turns it relies on."
      >
        <textarea
          name="judge_question"
          rows={3}
          value={value.question}
          placeholder="Did the agent verify the caller's date of birth before discussing lab results?"
          onChange={(e) => onChange({ ...value, question: e.target.value })}
        />
      </Field>
      <div className="row">
        <Field label="Answer" errors={errors['judge.answer']}>
          <select
            name="judge_answer"
            value={value.answer}
            onChange={(e) => onChange({ ...value, answer: e.target.value as JudgeDefinition['answer'] })}
          >
            {ANSWERS.map((answer) => (
              <option key={answer.value} value={answer.value}>
                {answer.label}
              </option>
            ))}
          </select>
        </Field>
        {value.answer === 'choice' ? (
          <Field
            label="Choices"
            errors={errors['judge.choices']}
            hint="Comma-separated, lower-case: e.g. verified, not_verified, not_asked"
          >
            <input
              name="judge_choices"
              value={value.choices}
              onChange={(e) => onChange({ ...value, choices: e.target.value })}
            />
          </Field>
        ) : null}
      </div>
    </fieldset>
  );
}
