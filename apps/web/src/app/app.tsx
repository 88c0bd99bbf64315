import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { queryClient } from '@/lib/query-client';
import { routes } from '@/app/routes';

/** The providers every page relies on: server state and the hash router (texts are read from `@/lib/i18n`). */
export function App() {
  const router = useMemo(() => createHashRouter(routes), []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
