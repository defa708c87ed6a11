import { getRouteApi, Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ChecksTable } from '../../features/checks/components/checks-table';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

const route = getRouteApi('/$env/checks');

export function ChecksPage() {
  const { env } = route.useParams() as { env: Env };
  const { projectId } = useProject();
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Checks"
        actions={
          may(user.role, 'manage') ? (
            <Link className="btn btn-primary" to="/$env/checks/new" params={{ env }} data-testid="new-check">
              New custom check
            </Link>
          ) : null
        }
      >
        <span className="muted small">
          The project’s checks; counts are the {env} environment’s last 7 days. Drafts score test conversations only.
        </span>
      </PageHeader>
      <ChecksTable projectId={projectId} env={env} />
    </>
  );
}
