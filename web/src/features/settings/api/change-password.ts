import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';

/** Every other session of the user ends; this browser gets a new one, and with it a new CSRF token. */
export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: { current_password: string; new_password: string }) => {
      const answer = await api.post<{ csrf_token: string }>('/password', input);
      api.setCsrfToken(answer.csrf_token);
      return answer;
    },
  });
}
