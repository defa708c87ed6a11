/** Shows a failed request as the service explained it: its message, each field's problems, and the request id. */
import { ApiError } from '../../lib/api-error';

export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : null;
  const message = apiError?.message ?? (error instanceof Error ? error.message : 'Something went wrong.');
  const fields = Object.entries(apiError?.fields ?? {});
  return (
    <div className="alert alert-error" role="alert">
      {title ? <strong>{title} </strong> : null}
      <span>{message}</span>
      {fields.length > 0 ? (
        <ul className="field-errors">
          {fields.map(([field, problems]) => (
            <li key={field}>
              <code>{field === '_root' ? 'request' : field}</code>: {problems.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
      {apiError?.requestId ? <div className="muted small">Request {apiError.requestId}</div> : null}
    </div>
  );
}
