import { useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { routes } from '@/app/routes';

/** The providers every page relies on: server state, texts and the hash router. */
export function App() {
  const router = useMemo(() => createHashRouter(routes), []);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
