import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { installAntdReact19Renderer } from '@/lib/antd-react19';
import { resetRepeatSubmitGuard } from '@/lib/http/repeat-submit';
import { server } from './msw-server';

installAntdReact19Renderer();
// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetRepeatSubmitGuard();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
