import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { sessionQueryOptions, type User } from '../../../lib/session';

export interface AcceptInput {
  email?: string;
  name: string;
  password: string;
}

export function useAcceptInvitation(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInput) => {
      api.setCsrfToken(null);
      const answer = await api.post<{ user: User; csrf_token: string }>(
        `/invitations/${encodeURIComponent(token)}/accept`,
        input,
      );
      api.setCsrfToken(answer.csrf_token);
      return answer;
    },
    onSuccess: async () => {
      queryClient.removeQueries();
      await queryClient.fetchQuery(sessionQueryOptions(api));
    },
  });
}
