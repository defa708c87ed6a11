import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import type { Env } from '../../../lib/environment';
import type { Delivery } from '../types';
import { deliveriesKey, endpointPath } from './webhooks';

/** Refreshed every two seconds while a delivery is still on its way, so a test event's answer shows up. */
export function useDeliveries(projectId: string, env: Env, id: string) {
  const api = useApi();
  return useQuery({
    queryKey: deliveriesKey(projectId, env, id),
    queryFn: () =>
      api.get<{ data: Delivery[]; next_cursor: string | null }>(`${endpointPath(projectId, env, id)}/deliveries`),
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'pending' || d.status === 'delivering') ? 2000 : false,
  });
}
