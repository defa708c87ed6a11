import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { GroupsTable } from '../../features/groups/components/groups-table';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';

const route = getRouteApi('/$env/groups');

export function GroupsPage() {
  const { env } = route.useParams() as { env: Env };
  const { projectId } = useProject();
  return (
    <>
      <PageHeader title="Groups">
        <span className="muted small">A group is as healthy as its worst active agent.</span>
      </PageHeader>
      <GroupsTable projectId={projectId} env={env} />
    </>
  );
}
