import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { HomeView } from '../../features/home/components/home-view';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';

const route = getRouteApi('/$env/home');

export function HomePage() {
  const { env } = route.useParams() as { env: Env };
  const { projectId } = useProject();
  return (
    <>
      <PageHeader title="Home">
        <span className="muted small">The {env} environment at a glance.</span>
      </PageHeader>
      <HomeView projectId={projectId} env={env} />
    </>
  );
}
