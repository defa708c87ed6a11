import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { ApiError } from '../../../lib/api-error';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

const ROLE_WORDS = { owner: 'an owner', admin: 'an admin', member: 'a member', viewer: 'a viewer' } as const;

export function AcceptInvitationForm({ token, onAccepted }: { token: string; onAccepted: () => void }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  if (invitation.isPending) return <Loading what="Checking the link" />;
  if (invitation.error) {
    const gone = invitation.error instanceof ApiError && invitation.error.status === 404;
    return gone ? (
      <div className="alert alert-error" role="alert">
        This link has been used or has expired. Ask an administrator for a new one
        {' (or run '}
        <code>bin/cqm users invite</code>
        {' on the server).'}
      </div>
    ) : (
      <ErrorMessage error={invitation.error} />
    );
  }
  const { data } = invitation;
  const fields = accept.error instanceof ApiError ? accept.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    accept.mutate(
      { name, password, ...(data.email ? {} : { email }) },
      {
        onSuccess: onAccepted,
      },
    );
  };

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>
        {data.kind === 'setup' ? 'Set up ' : 'Join '}
        <strong>{data.workspace.name}</strong> as {ROLE_WORDS[data.role] ?? data.role}.
        {data.kind === 'setup' ? ' This first account owns the workspace.' : null}
      </p>
      {data.email ? (
        <Field label="Email">
          <input type="email" value={data.email} readOnly />
        </Field>
      ) : (
        <Field label="Email" errors={fields.email}>
          <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
      )}
      <Field label="Your name" errors={fields.name}>
        <input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Password" errors={fields.password} hint="10 characters or more.">
        <input
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field label="Password again" errors={mismatch ? ['The two passwords differ.'] : undefined}>
        <input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      </Field>
      <ErrorMessage error={accept.error} />
      <Button type="submit" variant="primary" busy={accept.isPending}>
        {data.kind === 'setup' ? 'Create the owner account' : 'Join the workspace'}
      </Button>
    </form>
  );
}
