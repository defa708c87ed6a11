import { getRouteApi } from '@tanstack/react-router';
import { CheckDetail } from '../../features/checks/components/check-detail';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

const route = getRouteApi('/$env/checks/$key');

export function CheckRoutePage() {
  const { env, key } = route.useParams() as { env: Env; key: string };
  const { projectId } = useProject();
  const { user } = useSession();
  return (
    <CheckDetail
      projectId={projectId}
      env={env}
      checkKey={key}
      canManage={may(user.role, 'manage')}
      isOwner={may(user.role, 'own')}
    />
  );
}
