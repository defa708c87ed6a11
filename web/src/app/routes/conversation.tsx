import { getRouteApi, Link } from '@tanstack/react-router';
import { ConversationView } from '../../features/conversations/components/conversation-view';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { may, useSession } from '../../lib/session';

const route = getRouteApi('/$env/conversations/$id');

export function ConversationPage() {
  const { env, id } = route.useParams() as { env: Env; id: string };
  const { user } = useSession();
  const { setProjectId } = useProject();
  return (
    <>
      <div className="breadcrumbs">
        <Link to="/$env/conversations" params={{ env }}>
          ← Conversations
        </Link>
      </div>
      <ConversationView
        env={env}
        id={id}
        canLabel={may(user.role, 'label')}
        canRerun={may(user.role, 'rerun')}
        onProject={setProjectId}
      />
    </>
  );
}
