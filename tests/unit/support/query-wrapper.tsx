import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { queryClient } from '@/lib/query-client';

/** The app's query client around a component rendered outside the route table (app/query-layout.tsx). */
export function QueryWrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** renderHook under the app's query client. */
export function renderQueryHook<T>(hook: () => T) {
  return renderHook(hook, { wrapper: QueryWrapper });
}
