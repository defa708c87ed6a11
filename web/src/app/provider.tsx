/** Builds the page's API client, query cache and router once, and hands them down. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { isApiError } from '../lib/api-error';
import { createAppRouter } from './router';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refusal (401, 403, 404, 422) will not change by asking again; a dropped connection may.
        retry: (count, error) => count < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
    },
  });
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
