import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { sessionQueryOptions, type User } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

export function useSignIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      api.setCsrfToken(null);
      const answer = await api.post<{ user: User; csrf_token: string }>('/sign-in', input);
      api.setCsrfToken(answer.csrf_token);
      return answer;
    },
    onSuccess: async () => {
      queryClient.removeQueries();
      await queryClient.fetchQuery(sessionQueryOptions(api));
    },
  });
}
