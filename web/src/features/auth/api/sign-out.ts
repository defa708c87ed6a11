import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { isApiError } from '../../../lib/api-error';
import { SESSION_KEY } from '../../../lib/session';

export function useSignOut() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/sign-out');
      } catch (error) {
        // Already signed out elsewhere: the result is the same.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => {
      api.setCsrfToken(null);
      queryClient.removeQueries();
      queryClient.setQueryData(SESSION_KEY, null);
    },
  });
}
