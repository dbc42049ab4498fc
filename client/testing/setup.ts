import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ajaxServer } from './admin-ajax';

/**
 * Component tests (the `component` project in vite.config.ts): jsdom, Testing Library, and msw
 * answering admin-ajax. A request no test expected fails the test, so an island cannot call an
 * action silently.
 */
beforeAll(() => ajaxServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  ajaxServer.resetHandlers();
});
afterAll(() => ajaxServer.close());
