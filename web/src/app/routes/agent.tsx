import { getRouteApi } from '@tanstack/react-router';
import { AgentDetail } from '../../features/agents/components/agent-detail';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

const route = getRouteApi('/$env/agents/$agentId');

export function AgentRoutePage() {
  const { env, agentId } = route.useParams() as { env: Env; agentId: string };
  const { projectId } = useProject();
  const { user } = useSession();
  // Placing agents is a member's action, like labels and re-runs.
  return <AgentDetail projectId={projectId} env={env} agentId={agentId} canPlace={may(user.role, 'label')} />;
}
