/** The list screen: filters, the table, and "Load more" following the service's cursor. */
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorMessage } from '../../../components/ui/error-message';
import { Empty, Loading } from '../../../components/ui/loading';
import type { Env } from '../../../lib/environment';
import { nextDay, startOfDayIn } from '../../../lib/time';
import { useAgents } from '../api/list-agents';
import { useChecks } from '../api/list-checks';
import { type ConversationFilters as ApiFilters, useConversationList } from '../api/list-conversations';
import { useGroups } from '../api/list-groups';
import { ConversationFilters, type FilterValues } from './conversation-filters';
import { ConversationTable } from './conversation-table';

function toApi(values: FilterValues, zone: string): ApiFilters {
  return {
    agent_id: values.agent,
    group_id: values.group,
    status: values.status,
    outcome: values.outcome,
    failed_check: values.check,
    ended_after: values.from ? (startOfDayIn(values.from, zone) ?? undefined) : undefined,
    ended_before: values.to ? (startOfDayIn(nextDay(values.to), zone) ?? undefined) : undefined,
    external_id: values.external_id,
  };
}

export function ConversationList({
  projectId,
  env,
  zone,
  filters,
  onFilters,
}: {
  projectId: string;
  env: Env;
  zone: string;
  filters: FilterValues;
  onFilters: (values: FilterValues) => void;
}) {
  const list = useConversationList(projectId, env, toApi(filters, zone));
  const agents = useAgents(projectId, env);
  const groups = useGroups(projectId, env);
  const checks = useChecks(projectId);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const checkNames = useMemo(
    () => new Map((checks.data?.data ?? []).map((check) => [check.key, check.name])),
    [checks.data],
  );

  return (
    <>
      <ConversationFilters
        values={filters}
        onChange={onFilters}
        agents={(agents.data?.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        groups={(groups.data?.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        checks={(checks.data?.data ?? []).map((c) => ({ value: c.key, label: c.name }))}
      />
      {list.isPending ? (
        <Loading what="Loading conversations" />
      ) : list.error ? (
        <ErrorMessage error={list.error} />
      ) : rows.length === 0 ? (
        <Empty>
          {Object.values(filters).some(Boolean)
            ? 'No conversation matches these filters.'
            : `No conversations in the ${env} environment yet. Post one with a ${env} key (see the Developers area).`}
        </Empty>
      ) : (
        <>
          <ConversationTable env={env} rows={rows} checkNames={checkNames} />
          <div className="list-footer">
            <span className="muted small" data-testid="row-count">
              {rows.length} shown{list.hasNextPage ? '' : ', no more'}
            </span>
            {list.hasNextPage ? (
              <Button onClick={() => list.fetchNextPage()} busy={list.isFetchingNextPage}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      )}
    </>
  );
}
