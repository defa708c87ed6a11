import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/ui/page-header';
import { CheckForm } from '../../features/checks/components/check-form';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';

const route = getRouteApi('/$env/checks/new');

export function NewCheckPage() {
  const { env } = route.useParams() as { env: Env };
  const { projectId } = useProject();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New custom check">
        <span className="muted small">Saved as a draft: it scores test conversations only until you promote it.</span>
      </PageHeader>
      <section className="panel">
        <CheckForm
          projectId={projectId}
          env={env}
          onSaved={(key) => navigate({ to: '/$env/checks/$key', params: { env, key } })}
        />
      </section>
    </>
  );
}
