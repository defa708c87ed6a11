/**
 * On a check's page: how its results agree with people's labels in this environment (labelled, accuracy, Cohen's
 * kappa, the confusion matrix, split by who decided), and the promotion to active measured on it. Below the bar
 * (by default 20 labels and kappa 0.6) the service refuses; an owner may then promote with a written reason,
 * which the check's history keeps.
 */
import { useState } from 'react';
import './judge.css';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useUpdateCheck } from '../../checks/api/save-check';
import type { CheckStatus } from '../../checks/types';
import { useCheckAgreement } from '../api/agreement';
import type { AgreementReport, CheckAgreement } from '../types';

const DECIDERS: Record<string, string> = {
  rule: 'a rule',
  model: 'the offline model',
  llm_judge: 'the judge',
  second_review: 'the judge',
};

const figure = (value: number | null, digits = 2) => (value === null ? '—' : value.toFixed(digits));
const share = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

export function AgreementPanel({
  projectId,
  env,
  checkKey,
  status,
  canManage,
  isOwner,
}: {
  projectId: string;
  env: Env;
  checkKey: string;
  status: CheckStatus;
  canManage: boolean;
  isOwner: boolean;
}) {
  const [days, setDays] = useState<number | null>(null);
  const agreement = useCheckAgreement(projectId, env, checkKey, days);
  return (
    <section className="panel stack" aria-label="Agreement with people" data-testid="agreement-panel">
      <h2>
        Agreement with people’s labels <span className="muted small">{env} environment, current version</span>
      </h2>
      <div className="row">
        <label className="field-label" htmlFor="agreement-period">
          Labels given
        </label>
        <select
          id="agreement-period"
          data-testid="agreement-period"
          value={days ?? ''}
          onChange={(e) => setDays(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">at any time</option>
          <option value="7">in the last 7 days</option>
          <option value="30">in the last 30 days</option>
          <option value="90">in the last 90 days</option>
        </select>
        {agreement.data ? (
          <span className="muted small" data-testid="agreement-all-versions">
            All versions: {agreement.data.all_versions.labelled} labelled, accuracy{' '}
            {share(agreement.data.all_versions.accuracy)}, kappa {figure(agreement.data.all_versions.kappa)}
          </span>
        ) : null}
      </div>
      {agreement.isPending ? <p className="muted">Loading agreement…</p> : null}
      <ErrorMessage error={agreement.error} />
      {agreement.data ? (
        <>
          <Figures data={agreement.data} />
          {status !== 'active' && canManage && days === null ? (
            <Promotion projectId={projectId} checkKey={checkKey} data={agreement.data} isOwner={isOwner} />
          ) : null}
          <History data={agreement.data} />
        </>
      ) : null}
    </section>
  );
}

function Figures({ data }: { data: CheckAgreement }) {
  const current = data.current_version;
  const splits = Object.entries(current.by_decided_by);
  return (
    <>
      <dl className="facts" data-testid="agreement-figures">
        <div className="fact">
          <dt>Labelled results</dt>
          <dd data-testid="agreement-labelled">
            {current.labelled} <span className="muted small">(at least {data.bar.min_labels} to alert)</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Accuracy</dt>
          <dd data-testid="agreement-accuracy">{share(current.accuracy)}</dd>
        </div>
        <div className="fact">
          <dt title="Agreement beyond chance: 1 is perfect, 0 no better than guessing">Cohen’s kappa</dt>
          <dd data-testid="agreement-kappa">
            {figure(current.kappa)} <span className="muted small">(at least {data.bar.min_kappa} to alert)</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Bar to alert</dt>
          <dd data-testid="agreement-bar">
            {data.meets_bar ? <Badge tone="good">met</Badge> : <Badge tone="warn">not met</Badge>}{' '}
            {data.short_of_bar ? <span className="small">{data.short_of_bar}</span> : null}
          </dd>
        </div>
      </dl>
      <p className="muted small">
        Accuracy is how often people and the check said the same. Kappa discounts the agreement expected by chance: a
        check that always answers the same gets 0 however often it is right, so it cannot alert on accuracy alone.
      </p>
      {current.labelled > 0 ? (
        <div className="side-by-side">
          <Confusion report={current} />
          <div>
            <h3 className="small">By who decided</h3>
            <table className="table" data-testid="agreement-split">
              <thead>
                <tr>
                  <th>Decided by</th>
                  <th className="num">Labelled</th>
                  <th className="num">Accuracy</th>
                  <th className="num">Kappa</th>
                </tr>
              </thead>
              <tbody>
                {splits.map(([by, report]) => (
                  <tr key={by}>
                    <td>{DECIDERS[by] ?? by}</td>
                    <td className="num">{report.labelled}</td>
                    <td className="num">{share(report.accuracy)}</td>
                    <td className="num">{figure(report.kappa)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p className="muted">
          Nobody has labelled a result of this version yet. Open a conversation and label this check’s result (agree or
          disagree): each label counts here.
        </p>
      )}
    </>
  );
}

function Confusion({ report }: { report: Omit<AgreementReport, 'by_decided_by'> }) {
  const { values, matrix } = report.confusion;
  return (
    <div>
      <h3 className="small">Confusion matrix (rows: what people said; columns: what the check said)</h3>
      <table className="table confusion" data-testid="confusion-matrix">
        <thead>
          <tr>
            <th>People ↓ / check →</th>
            {values.map((value) => (
              <th key={value} className="num">
                {value}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.map((row, i) => (
            <tr key={values[i]}>
              <th scope="row">{values[i]}</th>
              {row.map((count, j) => (
                <td key={values[j]} className={i === j ? 'num agreed' : 'num'}>
                  {count}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Promotion({
  projectId,
  checkKey,
  data,
  isOwner,
}: {
  projectId: string;
  checkKey: string;
  data: CheckAgreement;
  isOwner: boolean;
}) {
  const update = useUpdateCheck(projectId, checkKey);
  const [reason, setReason] = useState('');
  // The agreement gate's refusal: a 422 on `status` whose message says what is short of the bar.
  const refused = isApiError(update.error, 422) && 'status' in update.error.fields;
  return (
    <div className="stack promotion" data-testid="promotion">
      <div className="row">
        <Button
          variant="primary"
          busy={update.isPending && !reason}
          data-testid="promote"
          onClick={() => update.mutate({ status: 'active' })}
        >
          Promote to active (alerts)
        </Button>
        <span className="muted small">
          {data.meets_bar
            ? 'Its agreement with your labels meets the bar.'
            : `Below the bar: ${data.short_of_bar}. The service will refuse unless an owner gives a reason.`}
        </span>
      </div>
      {refused ? (
        <div className="alert alert-error" role="alert" data-testid="promotion-refused">
          {update.error?.message}
        </div>
      ) : (
        <ErrorMessage error={update.error} />
      )}
      {refused && isOwner ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ status: 'active', override_reason: reason });
          }}
        >
          <Field
            label="Why it should alert anyway (owner)"
            hint="Kept in the check’s history with its agreement at this moment"
          >
            <textarea name="override_reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <div className="row">
            <Button
              type="submit"
              variant="danger"
              disabled={reason.trim() === ''}
              busy={update.isPending && Boolean(reason)}
              data-testid="promote-override"
            >
              Promote anyway, with this reason
            </Button>
          </div>
        </form>
      ) : null}
      {refused && !isOwner ? (
        <p className="muted small">Label more results, or ask an owner to promote it with a written reason.</p>
      ) : null}
    </div>
  );
}

function History({ data }: { data: CheckAgreement }) {
  const time = useTimeFormat();
  if (data.history.length === 0) return null;
  return (
    <div>
      <h3 className="small">Status changes</h3>
      <ul className="plain-list" data-testid="status-history">
        {data.history.map((change) => (
          <li key={`${change.created_at}-${change.to}`}>
            {time.dateTime(change.created_at)} · v{change.version} · {change.from === 'none' ? 'created' : change.from}{' '}
            → <strong>{change.to}</strong>
            {change.agreement
              ? ` · ${change.agreement.labelled ?? 0} labelled, kappa ${figure(change.agreement.kappa ?? null)}`
              : null}
            {change.override_reason ? (
              <div className="small">
                <Badge tone="warn">owner override</Badge> “{change.override_reason}”
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
