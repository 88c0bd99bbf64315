import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { queryClient } from '@/lib/query-client';
import { routes } from '@/app/routes';
import { ComponentTexts } from '@/lib/component-locale';

/** The providers every page relies on: server state, the hash router and antd-mobile's texts in the app's language (the app's own are read from `@/lib/i18n`). */
export function App() {
  const router = useMemo(() => createHashRouter(routes), []);
  return (
    <ComponentTexts>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ComponentTexts>
  );
}
