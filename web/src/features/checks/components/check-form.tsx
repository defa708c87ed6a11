/**
 * A check's form: a new custom check (saved as a draft), or an edit of an existing one (a new version). "Try it"
 * scores the draft rule on the environment's 50 latest conversations before anything is saved. Built-in checks
 * keep their code: only their name, description, category, severity and scope can change.
 */
import { useState } from 'react';
import './checks.css';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { draftFromJudge, type JudgeDraft, JudgeEditor, judgeFromDraft } from '../../judge/components/judge-editor';
import { usePreviewCheck } from '../api/preview-check';
import { useCreateCheck, useUpdateCheck } from '../api/save-check';
import type { CheckPage } from '../types';
import { PreviewResults } from './preview-results';
import { draftFromRule, type RuleDraft, RuleEditor, ruleFromDraft } from './rule-editor';
import { draftFromScope, type ScopeDraft, ScopeEditor, scopeFromDraft } from './scope-editor';

const CATEGORIES = ['custom', 'compliance', 'experience', 'escalation', 'outcome', 'booking'];
const SEVERITIES = ['low', 'medium', 'high'];

const fieldsOf = (error: unknown): Record<string, string[]> => (error instanceof ApiError ? error.fields : {});

export function CheckForm({
  projectId,
  env,
  existing,
  onSaved,
  onCancel,
}: {
  projectId: string;
  env: Env;
  existing?: CheckPage;
  onSaved: (key: string) => void;
  onCancel?: () => void;
}) {
  const [key, setKey] = useState(existing?.key ?? '');
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [category, setCategory] = useState(existing?.category ?? 'custom');
  const [severity, setSeverity] = useState(existing?.severity ?? 'medium');
  const [rule, setRule] = useState<RuleDraft>(draftFromRule(existing?.rule));
  const [scope, setScope] = useState<ScopeDraft>(draftFromScope(existing?.scope));
  // A new check is a rule or a question in plain language (decided by the judge); an existing one keeps its kind.
  const [kind, setKind] = useState<'rule' | 'judge'>(existing?.judge ? 'judge' : 'rule');
  const [judge, setJudge] = useState<JudgeDraft>(draftFromJudge(existing?.judge));
  const isJudge = existing ? Boolean(existing.judge) : kind === 'judge';
  const hasRule = existing ? existing.rule !== null : kind === 'rule';
  const create = useCreateCheck(projectId);
  const update = useUpdateCheck(projectId, existing?.key ?? '');
  const preview = usePreviewCheck(projectId, env);
  const save = existing ? update : create;
  const lastError = save.error ?? preview.error;
  const errors = fieldsOf(lastError);
  const known = new Set(['key', 'name', 'description', 'category', 'severity']);
  const shownInline = Object.keys(errors).some(
    (field) => known.has(field) || field.startsWith('rule') || field.startsWith('scope') || field.startsWith('judge'),
  );

  const submit = () => {
    const input = {
      name,
      description,
      category,
      severity,
      scope: scopeFromDraft(scope),
      ...(hasRule ? { rule: ruleFromDraft(rule) } : {}),
      ...(isJudge ? { judge: judgeFromDraft(judge) } : {}),
    };
    if (existing) update.mutate(input, { onSuccess: () => onSaved(existing.key) });
    else create.mutate({ ...input, key }, { onSuccess: (check) => onSaved(check.key) });
  };

  return (
    <form
      className="check-form stack"
      data-testid="check-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {lastError && !shownInline ? <ErrorMessage error={lastError} /> : null}
      {lastError && shownInline ? (
        <div className="alert alert-error" role="alert">
          {lastError instanceof Error ? lastError.message : 'Something is wrong with the check.'}
        </div>
      ) : null}
      <div className="row">
        <Field label="Key" hint="Lower-case letters, digits and _; never changes" errors={errors.key}>
          <input name="key" value={key} disabled={Boolean(existing)} onChange={(e) => setKey(e.target.value)} />
        </Field>
        <Field label="Name" errors={errors.name}>
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
      </div>
      <Field label="Description" errors={errors.description}>
        <textarea name="description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <div className="row">
        <Field label="Category" errors={errors.category}>
          <select name="category" value={category} onChange={(e) => setCategory(e.target.value)}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Severity" errors={errors.severity}>
          <select name="severity" value={severity} onChange={(e) => setSeverity(e.target.value)}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {existing ? null : (
        <fieldset className="check-kind row" data-testid="check-kind">
          <legend className="field-label">Kind</legend>
          <label>
            <input type="radio" name="kind" checked={kind === 'rule'} onChange={() => setKind('rule')} /> Rule (exact
            phrases or events)
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === 'judge'} onChange={() => setKind('judge')} /> Plain
            language (judge)
          </label>
        </fieldset>
      )}
      {hasRule ? <RuleEditor value={rule} onChange={setRule} errors={errors} /> : null}
      {isJudge ? <JudgeEditor value={judge} onChange={setJudge} errors={errors} /> : null}
      <ScopeEditor value={scope} onChange={setScope} errors={errors} />
      <div className="row">
        {hasRule ? (
          <Button
            busy={preview.isPending}
            data-testid="try-it"
            onClick={() => preview.mutate({ rule: ruleFromDraft(rule), scope: scopeFromDraft(scope) })}
          >
            Try it on the latest {env} conversations
          </Button>
        ) : null}
        <Button type="submit" variant="primary" busy={save.isPending} data-testid="save-check">
          {existing ? 'Save as a new version' : 'Save as draft'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {preview.data ? <PreviewResults answer={preview.data} env={env} /> : null}
    </form>
  );
}
