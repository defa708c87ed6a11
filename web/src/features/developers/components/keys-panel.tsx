/** API keys of one environment: create (secret shown once), list, revoke after a confirmation. */
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { Empty, Loading } from '../../../components/ui/loading';
import { SecretOnce } from '../../../components/ui/secret-once';
import { ApiError } from '../../../lib/api-error';
import type { Env } from '../../../lib/environment';
import { useTimeFormat } from '../../../lib/time';
import { useCreateKey } from '../api/create-key';
import { useKeys } from '../api/list-keys';
import { useRevokeKey } from '../api/revoke-key';
import type { KeyRole } from '../types';

const ROLE_HELP: Record<KeyRole, string> = {
  full: 'everything the API offers',
  ingest: 'posts conversations only',
  read: 'reads only',
};

export function KeysPanel({ projectId, env, canManage }: { projectId: string; env: Env; canManage: boolean }) {
  const keys = useKeys(projectId, env);
  const create = useCreateKey(projectId, env);
  const revoke = useRevokeKey(projectId, env);
  const time = useTimeFormat();
  const [name, setName] = useState('');
  const [role, setRole] = useState<KeyRole>('full');
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), role },
      {
        onSuccess: (created) => {
          setSecret(created.key);
          setName('');
        },
      },
    );
  };
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const rows = keys.data?.data ?? [];

  return (
    <section className="panel" aria-labelledby="keys-heading">
      <h2 id="keys-heading">
        API keys <span className="muted small">{env} environment</span>
      </h2>
      {secret ? <SecretOnce label="Your new API key" secret={secret} onDone={() => setSecret(null)} /> : null}
      {canManage && !secret ? (
        <form className="inline-form" onSubmit={submit} aria-label="Create an API key">
          <Field label="Name" errors={fields.name}>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. voice gateway" required />
          </Field>
          <Field label="Role" errors={fields.role}>
            <select value={role} onChange={(e) => setRole(e.target.value as KeyRole)}>
              {(Object.keys(ROLE_HELP) as KeyRole[]).map((r) => (
                <option key={r} value={r}>
                  {r} — {ROLE_HELP[r]}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create {env} key
          </Button>
          <ErrorMessage error={create.error && Object.keys(fields).length === 0 ? create.error : null} />
        </form>
      ) : null}
      {keys.isPending ? (
        <Loading what="Loading keys" />
      ) : keys.error ? (
        <ErrorMessage error={keys.error} />
      ) : rows.length === 0 ? (
        <Empty>No {env} keys yet.</Empty>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Key</th>
                <th>Role</th>
                <th>Created</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((key) => (
                <tr key={key.id} className={key.revoked_at ? 'is-revoked' : undefined} data-testid="key-row">
                  <td>{key.name ?? <span className="muted">unnamed</span>}</td>
                  <td>
                    <code>{key.key_hint}</code>
                  </td>
                  <td>{key.role}</td>
                  <td className="nowrap">{time.dateTime(key.created_at)}</td>
                  <td className="nowrap">{key.last_used_at ? time.dateTime(key.last_used_at) : 'never'}</td>
                  <td className="actions">
                    {key.revoked_at ? (
                      <Badge tone="muted">revoked {time.dateTime(key.revoked_at)}</Badge>
                    ) : canManage ? (
                      <ConfirmButton
                        label="Revoke"
                        question={`Revoke ${key.name ?? key.key_hint}? Anything using it stops at once.`}
                        confirmLabel="Revoke key"
                        busy={revoke.isPending}
                        onConfirm={() => revoke.mutate(key.id)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorMessage error={revoke.error} />
    </section>
  );
}
