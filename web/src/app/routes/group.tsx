import { getRouteApi } from '@tanstack/react-router';
import { GroupDetail } from '../../features/groups/components/group-detail';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';

const route = getRouteApi('/$env/groups/$groupId');

export function GroupRoutePage() {
  const { env, groupId } = route.useParams() as { env: Env; groupId: string };
  const { projectId } = useProject();
  return <GroupDetail projectId={projectId} env={env} groupId={groupId} />;
}
