/** Every version of a check, newest first, each definition beside the one it replaced. */
import { useTimeFormat } from '../../../lib/time';
import type { CheckDefinitionView, CheckVersion } from '../types';

function DefinitionText({ definition }: { definition: CheckDefinitionView | null }) {
  if (!definition) return <p className="muted small">(first version)</p>;
  return <pre className="definition">{JSON.stringify(definition, null, 2)}</pre>;
}

export function VersionHistory({ versions }: { versions: CheckVersion[] }) {
  const time = useTimeFormat();
  return (
    <section className="panel" aria-label="Versions" data-testid="version-history">
      <h2>History</h2>
      <ol className="plain-list versions">
        {versions.map((version) => (
          <li key={version.version} data-testid="check-version" data-version={version.version}>
            <h3>
              Version {version.version}{' '}
              <span className="muted small">
                {version.created_at
                  ? `${time.dateTime(version.created_at)}${version.changed_by ? ` by ${version.changed_by.name}` : ''}`
                  : 'as shipped'}
              </span>
            </h3>
            <div className="side-by-side">
              <div>
                <div className="muted small">Before</div>
                <DefinitionText definition={version.previous} />
              </div>
              <div>
                <div className="muted small">This version</div>
                <DefinitionText definition={version.definition} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
