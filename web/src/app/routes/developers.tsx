import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { KeysPanel } from '../../features/developers/components/keys-panel';
import { WebhooksPanel } from '../../features/developers/components/webhooks-panel';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

const route = getRouteApi('/$env/developers');

export function DevelopersPage() {
  const { env } = route.useParams() as { env: Env };
  const { user } = useSession();
  const { projectId } = useProject();
  const canManage = may(user.role, 'manage');
  return (
    <>
      <PageHeader
        title="Developers"
        actions={
          <a className="btn btn-ghost" href="/docs" target="_blank" rel="noreferrer">
            API reference (/docs)
          </a>
        }
      >
        <span className="muted small">
          Keys and webhooks of the {env} environment. {canManage ? null : 'Only admins can change them.'}
        </span>
      </PageHeader>
      <div className="stack-lg">
        <KeysPanel projectId={projectId} env={env} canManage={canManage} />
        <WebhooksPanel projectId={projectId} env={env} canManage={canManage} />
      </div>
    </>
  );
}
