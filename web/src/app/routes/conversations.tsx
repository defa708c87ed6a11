import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageHeader } from '../../components/ui/page-header';
import type { FilterValues } from '../../features/conversations/components/conversation-filters';
import { ConversationList } from '../../features/conversations/components/conversation-list';
import type { Env } from '../../lib/environment';
import { useProject } from '../../lib/project';
import { useSession } from '../../lib/session';

const FILTER_NAMES = ['agent', 'group', 'status', 'outcome', 'check', 'from', 'to', 'external_id'] as const;

/** The list's filters as they appear in the URL; anything else there is dropped. */
export function validateListSearch(search: Record<string, unknown>): FilterValues {
  const values: FilterValues = {};
  for (const name of FILTER_NAMES) {
    const value = search[name];
    if (typeof value === 'string' && value !== '') values[name] = value;
  }
  return values;
}

const route = getRouteApi('/$env/conversations');

export function ConversationsPage() {
  const { env } = route.useParams() as { env: Env };
  const filters = route.useSearch();
  const navigate = route.useNavigate();
  const { projectId } = useProject();
  const zone = useSession().workspace.timezone;
  const onFilters = useCallback((values: FilterValues) => navigate({ search: values }), [navigate]);
  return (
    <>
      <PageHeader title="Conversations">
        <span className="muted small">Newest first · times in {zone}</span>
      </PageHeader>
      <ConversationList projectId={projectId} env={env} zone={zone} filters={filters} onFilters={onFilters} />
    </>
  );
}
