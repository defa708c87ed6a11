import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };
  const fields = change.error instanceof ApiError ? change.error.fields : {};
  return (
    <section className="panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Your password</h2>
      <form className="inline-form" onSubmit={submit}>
        <Field label="Current password" errors={fields.current_password}>
          <input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </Field>
        <Field label="New password" errors={fields.new_password}>
          <input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" busy={change.isPending} disabled={!current || !next}>
          Change password
        </Button>
        {change.isSuccess ? <span className="muted small">Changed. Your other sessions were signed out.</span> : null}
        <ErrorMessage error={Object.keys(fields).length === 0 ? change.error : null} />
      </form>
    </section>
  );
}
