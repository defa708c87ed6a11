/**
 * The project's judge in Settings: which Chat Completions endpoint decides plain-language checks and reviews
 * unclear results, its API key (write-only: once saved it is never shown, only "a key is stored"), "Test
 * connection" with the structured-output form it found, the cost controls, and today's calls against the cap.
 */
import { type FormEvent, useState } from 'react';
import './judge.css';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import { useTimeFormat } from '../../../lib/time';
import { useJudgeSettings, useTestJudgeConnection, useUpdateJudgeSettings } from '../api/judge';
import { FORM_NAMES, type JudgeSettings, type JudgeSettingsChange } from '../types';

export function JudgeSettingsPanel({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const settings = useJudgeSettings(projectId);
  return (
    <section className="panel stack" aria-labelledby="judge-heading" data-testid="judge-settings">
      <h2 id="judge-heading">Judge (LLM second review and plain-language checks)</h2>
      <p className="muted small">
        Any OpenAI-compatible Chat Completions endpoint: OpenAI, Azure OpenAI, Ollama, vLLM, LiteLLM. Without one,
        checks written in plain language give no result, and unclear results stay as the offline model left them.
      </p>
      {settings.isPending ? <p className="muted">Loading the judge…</p> : null}
      <ErrorMessage error={settings.error} />
      {settings.data ? (
        <>
          <JudgeStatus settings={settings.data} />
          {canManage ? (
            <JudgeForm
              key={`${settings.data.base_url}|${settings.data.model}`}
              projectId={projectId}
              saved={settings.data}
            />
          ) : (
            <p className="muted small">Only an admin or owner changes the judge.</p>
          )}
        </>
      ) : null}
    </section>
  );
}

function JudgeStatus({ settings }: { settings: JudgeSettings }) {
  const time = useTimeFormat();
  const { usage, daily_cap: cap } = settings;
  const used = cap === null ? null : Math.min(1, usage.calls_today / Math.max(1, cap));
  return (
    <dl className="facts" data-testid="judge-status">
      <div className="fact">
        <dt>Judge</dt>
        <dd>
          {settings.available ? (
            <>
              <Badge tone="good">connected</Badge>{' '}
              {settings.source === 'instance'
                ? `the instance's: ${settings.instance?.model} at ${settings.instance?.base_url}`
                : `${settings.model} at ${settings.base_url}`}
            </>
          ) : (
            <>
              <Badge tone="warn">none</Badge> <span data-testid="judge-unavailable">{settings.unavailable_reason}</span>
            </>
          )}
        </dd>
      </div>
      <div className="fact">
        <dt>API key</dt>
        <dd data-testid="judge-key-state">{settings.api_key_set ? 'a key is stored (never shown again)' : 'none'}</dd>
      </div>
      <div className="fact">
        <dt>Answers in</dt>
        <dd data-testid="judge-form">
          {settings.structured_output
            ? `${FORM_NAMES[settings.structured_output]}${settings.tested_at ? `, tested ${time.dateTime(settings.tested_at)}` : ''}`
            : 'not tested yet: use “Test connection”'}
        </dd>
      </div>
      <div className="fact">
        <dt>Calls today (UTC)</dt>
        <dd data-testid="judge-usage">
          {usage.calls_today.toLocaleString()} of {cap === null ? 'no cap' : cap.toLocaleString()}
          {used !== null ? ' ' : null}
          {used !== null ? <meter min={0} max={1} value={used} aria-label="Share of today's cap used" /> : null}
          {usage.capped_today ? (
            <>
              {' '}
              <Badge tone="bad">cap reached</Badge> second review stopped until the UTC day ends
            </>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function JudgeForm({ projectId, saved }: { projectId: string; saved: JudgeSettings }) {
  const [baseUrl, setBaseUrl] = useState(saved.base_url ?? '');
  const [model, setModel] = useState(saved.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const [reviewChecks, setReviewChecks] = useState(saved.review_checks?.join(', ') ?? '');
  const [sampleRate, setSampleRate] = useState(String(Math.round(saved.sample_rate * 100)));
  const [dailyCap, setDailyCap] = useState(text(saved.daily_cap));
  const [concurrency, setConcurrency] = useState(String(saved.concurrency));
  const [bandLow, setBandLow] = useState(text(saved.score_band?.low));
  const [bandHigh, setBandHigh] = useState(text(saved.score_band?.high));
  const update = useUpdateJudgeSettings(projectId);
  const test = useTestJudgeConnection(projectId);
  const fields = update.error instanceof ApiError ? update.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checks = reviewChecks
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    const change: JudgeSettingsChange = {
      base_url: baseUrl.trim() || null,
      model: model.trim() || null,
      review_checks: checks.length > 0 ? checks : null,
      sample_rate: Number(sampleRate) / 100,
      daily_cap: dailyCap.trim() === '' ? null : Number(dailyCap),
      concurrency: Number(concurrency),
      score_band: bandLow.trim() && bandHigh.trim() ? { low: Number(bandLow), high: Number(bandHigh) } : null,
    };
    if (apiKey) change.api_key = apiKey;
    update.mutate(change, { onSuccess: () => setApiKey('') });
  };

  return (
    <form className="stack judge-form" onSubmit={submit} data-testid="judge-form-fields">
      <div className="row">
        <Field
          label="Base URL"
          errors={fields.base_url}
          hint="Empty: use the instance's judge (CQM_JUDGE_BASE_URL), if any"
        >
          <input
            name="base_url"
            value={baseUrl}
            placeholder="http://127.0.0.1:11434/v1"
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </Field>
        <Field label="Model" errors={fields.model}>
          <input name="model" value={model} placeholder="gpt-4o-mini" onChange={(e) => setModel(e.target.value)} />
        </Field>
        <Field
          label="API key"
          errors={fields.api_key}
          hint={saved.api_key_set ? 'A key is stored; type a new one to replace it' : 'Not needed for Ollama'}
        >
          <input
            name="api_key"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={saved.api_key_set ? '•••••••• (stored)' : ''}
            onChange={(e) => setApiKey(e.target.value)}
          />
        </Field>
      </div>
      <fieldset className="judge-controls">
        <legend>Cost controls</legend>
        <div className="row">
          <Field
            label="Built-in checks sent to review"
            errors={fields.review_checks}
            hint="Comma-separated keys; empty: every built-in"
          >
            <input
              name="review_checks"
              value={reviewChecks}
              placeholder="outcome, frustration"
              onChange={(e) => setReviewChecks(e.target.value)}
            />
          </Field>
          <Field
            label="Sampling rate (%)"
            errors={fields.sample_rate}
            hint="Share of unclear built-in results reviewed"
          >
            <input
              name="sample_rate"
              type="number"
              min={0}
              max={100}
              value={sampleRate}
              onChange={(e) => setSampleRate(e.target.value)}
            />
          </Field>
          <Field label="Daily cap (calls)" errors={fields.daily_cap} hint="Per UTC day; empty: no cap">
            <input
              name="daily_cap"
              type="number"
              min={0}
              value={dailyCap}
              onChange={(e) => setDailyCap(e.target.value)}
            />
          </Field>
          <Field label="Calls at once" errors={fields.concurrency}>
            <input
              name="concurrency"
              type="number"
              min={1}
              max={256}
              value={concurrency}
              onChange={(e) => setConcurrency(e.target.value)}
            />
          </Field>
          <Field label="Score band from" errors={fields.score_band} hint="Also review scores in this band">
            <input
              name="band_low"
              type="number"
              step={0.05}
              min={0}
              max={1}
              value={bandLow}
              onChange={(e) => setBandLow(e.target.value)}
            />
          </Field>
          <Field label="to">
            <input
              name="band_high"
              type="number"
              step={0.05}
              min={0}
              max={1}
              value={bandHigh}
              onChange={(e) => setBandHigh(e.target.value)}
            />
          </Field>
        </div>
      </fieldset>
      <div className="row">
        <Button type="submit" variant="primary" busy={update.isPending} data-testid="save-judge">
          Save judge settings
        </Button>
        <Button
          busy={test.isPending}
          disabled={!saved.available}
          data-testid="test-judge"
          onClick={() => test.mutate()}
        >
          Test connection
        </Button>
        {update.isSuccess ? <span className="muted small">Saved</span> : null}
      </div>
      <ErrorMessage error={Object.keys(fields).length === 0 ? update.error : null} />
      <ErrorMessage error={test.error} title="The test could not run." />
      {test.data ? (
        test.data.ok && test.data.structured_output ? (
          <div className="alert alert-info" role="status" data-testid="judge-test-result">
            The judge answers ({test.data.model}) in <strong>{FORM_NAMES[test.data.structured_output]}</strong>; scoring
            will use it.
            {test.data.tried.length > 0
              ? ` Not supported: ${test.data.tried.map((t) => FORM_NAMES[t.form]).join(', ')}.`
              : null}
          </div>
        ) : (
          <div className="alert alert-error" role="alert" data-testid="judge-test-result">
            The judge could not be used: {test.data.problem}
          </div>
        )
      ) : null}
    </form>
  );
}
