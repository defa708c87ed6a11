/** Builds the page's API client, query cache and router once, and hands them down. */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { isApiError } from '../lib/api-error';
import { SESSION_KEY } from '../lib/session';
import { createAppRouter } from './router';

function makeQueryClient(): QueryClient {
  // A session that ended (expired, signed out elsewhere, password changed) answers 401 anywhere: ask for the
  // session again, and the shell takes the user to sign-in, back here afterwards.
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) void client.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A refusal (401, 403, 404, 422) will not change by asking again; a dropped connection may.
        retry: (count, error) => count < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
  return client;
}

export function AppProvider() {
  const [api] = useState(() => createApiClient());
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(() => createAppRouter());
  return (
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ApiProvider>
  );
}
