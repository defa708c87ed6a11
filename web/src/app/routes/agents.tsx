import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { AgentsTable } from '../../features/agents/components/agents-table';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { useSession } from '../../lib/session';

const route = getRouteApi('/$env/agents');

export function AgentsPage() {
  const { env } = route.useParams() as { env: Env };
  const { projectId } = useProject();
  const zone = useSession().workspace.timezone;
  return (
    <>
      <PageHeader title="Agents">
        <span className="muted small">Health over the last 7 and 30 days (whole days in {zone}).</span>
      </PageHeader>
      <AgentsTable projectId={projectId} env={env} />
    </>
  );
}
