/**
 * A check's page: what it is and where it applies, its status and on/off (changes keep the version), an edit
 * (a new version), the distribution of its verdicts and scores, its latest failures, and its history.
 */
import { Link } from '@tanstack/react-router';
import './checks.css';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Loading } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { AgreementPanel } from '../../judge/components/agreement-panel';
import { useCheck } from '../api/get-check';
import { useUpdateCheck } from '../api/save-check';
import type { CheckPage, CheckStatus } from '../types';
import { CheckForm } from './check-form';
import { describeScope } from './scope-editor';
import { CheckStatusBadge, percent } from './status-badge';
import { VersionHistory } from './version-history';

export function CheckDetail({
  projectId,
  env,
  checkKey,
  canManage,
  isOwner = false,
}: {
  projectId: string;
  env: Env;
  checkKey: string;
  canManage: boolean;
  /** Only an owner may promote a check past the agreement bar, with a written reason. */
  isOwner?: boolean;
}) {
  const check = useCheck(projectId, env, checkKey);
  const [editing, setEditing] = useState(false);
  if (check.isPending) return <Loading what="Loading the check" />;
  if (check.error) return <ErrorMessage error={check.error} />;
  const page = check.data;
  return (
    <>
      <PageHeader
        title={
          <>
            {page.name} <CheckStatusBadge status={page.status} />{' '}
            <span data-testid="check-version-current">v{page.version}</span>
          </>
        }
        actions={
          canManage && !editing ? (
            <Button data-testid="edit-check" onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null
        }
      >
        <span className="muted small">
          <code>{page.key}</code> · {page.builtin ? 'built-in' : page.judge ? 'plain language' : 'custom'} ·{' '}
          {page.category} · {page.severity} severity
        </span>
      </PageHeader>
      {editing ? (
        <section className="panel">
          <h2>Edit (saving makes version {page.version + 1})</h2>
          <CheckForm
            projectId={projectId}
            env={env}
            existing={page}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </section>
      ) : (
        <div className="stack-lg">
          {/* Keyed by status: its select starts from the status the page now has (after a promotion, say). */}
          <Overview key={page.status} page={page} projectId={projectId} canManage={canManage} />
          <AgreementPanel
            projectId={projectId}
            env={env}
            checkKey={page.key}
            status={page.status}
            canManage={canManage}
            isOwner={isOwner}
          />
          <Distribution page={page} />
          <RecentFailures page={page} env={env} />
          <VersionHistory versions={page.versions} />
        </div>
      )}
    </>
  );
}

function Overview({ page, projectId, canManage }: { page: CheckPage; projectId: string; canManage: boolean }) {
  const update = useUpdateCheck(projectId, page.key);
  const [status, setStatus] = useState<CheckStatus>(page.status);
  return (
    <section className="panel stack" aria-label="Definition">
      {page.description ? <p>{page.description}</p> : null}
      <div className="facts">
        <div>
          <span className="muted small">Applies to</span>{' '}
          <span data-testid="check-scope">{describeScope(page.scope)}</span>
        </div>
        <div>
          <span className="muted small">Last 7 days</span> {page.last_7_days.scored} scored, {page.last_7_days.failed}{' '}
          failed ({percent(page.last_7_days.failure_rate)})
          {page.never_alerts ? <span className="muted small"> · shadow: never alerts</span> : null}
        </div>
        <div>
          <span className="muted small">On</span>{' '}
          {page.enabled ? <Badge tone="good">on</Badge> : <Badge tone="muted">off</Badge>}
        </div>
      </div>
      {page.rule ? <pre className="definition">{JSON.stringify(page.rule, null, 2)}</pre> : null}
      {page.judge ? (
        <div data-testid="check-question">
          <span className="muted small">
            Plain language, decided by the judge ({page.judge.answer.replace('_', '/')})
          </span>
          <blockquote className="definition">{page.judge.question}</blockquote>
        </div>
      ) : null}
      {page.judge_unavailable_reason ? (
        <div className="alert alert-warn" role="status" data-testid="judge-unavailable-reason">
          This check yields no result now: {page.judge_unavailable_reason}
        </div>
      ) : null}
      {page.agreement_dropped_at ? (
        <div className="alert alert-warn" role="status" data-testid="agreement-dropped">
          Its agreement with people’s labels fell below the bar (over its last 50 labels) on{' '}
          {new Date(page.agreement_dropped_at).toLocaleDateString()}: review its recent results and labels.
        </div>
      ) : null}
      {canManage ? (
        <div className="row">
          <label className="field">
            <span className="field-label">Status</span>
            <select
              name="status"
              value={status}
              onChange={(e) => setStatus(e.target.value as CheckStatus)}
              data-testid="status-select"
            >
              <option value="draft">draft: test conversations only</option>
              <option value="shadow">shadow: everything, never alerts</option>
              <option value="active">active: scores and alerts</option>
            </select>
          </label>
          <Button
            data-testid="apply-status"
            busy={update.isPending}
            disabled={status === page.status}
            onClick={() => update.mutate({ status })}
          >
            Change status
          </Button>
          <Button
            data-testid="toggle-enabled"
            busy={update.isPending}
            onClick={() => update.mutate({ enabled: !page.enabled })}
          >
            {page.enabled ? 'Turn off' : 'Turn on'}
          </Button>
        </div>
      ) : null}
      <ErrorMessage error={update.error} />
    </section>
  );
}

/** The ten score buckets of a distribution, by where each begins. */
const BUCKETS = ['0.0', '0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7', '0.8', '0.9'];

function Distribution({ page }: { page: CheckPage }) {
  const { distribution } = page;
  const max = Math.max(1, ...distribution.scores);
  return (
    <section className="panel" aria-label="Distribution">
      <h2>
        Verdicts and scores{' '}
        <span className="muted small">
          {distribution.scored >= distribution.limit
            ? `latest ${distribution.limit.toLocaleString()} results`
            : `${distribution.scored} results in the last ${distribution.days} days`}
        </span>
      </h2>
      {distribution.scored === 0 ? (
        <p className="muted">Nothing scored yet.</p>
      ) : (
        <div className="side-by-side">
          <ul className="plain-list" data-testid="verdicts">
            {Object.entries(distribution.verdicts).map(([verdict, count]) => (
              <li key={verdict}>
                <strong>{verdict}</strong> {count}
              </li>
            ))}
          </ul>
          <figure className="histogram" aria-label="Scores from 0 to 1">
            {BUCKETS.map((from, i) => {
              const count = distribution.scores[i] ?? 0;
              return (
                <div
                  key={from}
                  className="histogram-bar"
                  title={`${from}–${(Number(from) + 0.1).toFixed(1)}: ${count}`}
                >
                  <meter min={0} max={max} value={count} />
                  <span className="muted small">{from}</span>
                </div>
              );
            })}
          </figure>
        </div>
      )}
    </section>
  );
}

function RecentFailures({ page, env }: { page: CheckPage; env: Env }) {
  const time = useTimeFormat();
  return (
    <section className="panel" aria-label="Latest failures">
      <h2>Latest failures</h2>
      {page.recent_failures.length === 0 ? (
        <p className="muted">No failures in this environment.</p>
      ) : (
        <ul className="plain-list">
          {page.recent_failures.map((failure) => (
            <li key={failure.id}>
              <Link to="/$env/conversations/$id" params={{ env, id: failure.id }}>
                {failure.external_id}
              </Link>{' '}
              <span className="muted small">
                {time.dateTime(failure.ended_at)} · {failure.agent.name} · {failure.channel}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
