/** The workspace's time zone: every time in the application, and health's days, follow it. Owners change it. */
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-error';
import { useUpdateWorkspace } from '../api/update-workspace';

function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

export function WorkspaceForm({
  workspace,
  canOwn,
}: {
  workspace: { name: string; timezone: string };
  canOwn: boolean;
}) {
  const [timezone, setTimezone] = useState(workspace.timezone);
  const update = useUpdateWorkspace();
  const options = useMemo(() => zones(workspace.timezone), [workspace.timezone]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ timezone });
  };
  const fields = update.error instanceof ApiError ? update.error.fields : {};
  return (
    <section className="panel" aria-labelledby="workspace-heading">
      <h2 id="workspace-heading">Workspace</h2>
      <dl className="facts">
        <div className="fact">
          <dt>Name</dt>
          <dd>{workspace.name}</dd>
        </div>
        <div className="fact">
          <dt>Time zone</dt>
          <dd data-testid="workspace-timezone">{workspace.timezone}</dd>
        </div>
      </dl>
      {canOwn ? (
        <form className="inline-form" onSubmit={submit}>
          <Field label="Time zone" errors={fields.timezone} hint="Times on every screen and health's days follow it.">
            <select value={timezone} onChange={(e) => setTimezone(e.target.value)}>
              {options.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={timezone === workspace.timezone}>
            Save time zone
          </Button>
          {update.isSuccess ? <span className="muted small">Saved</span> : null}
          <ErrorMessage error={Object.keys(fields).length === 0 ? update.error : null} />
        </form>
      ) : null}
    </section>
  );
}
