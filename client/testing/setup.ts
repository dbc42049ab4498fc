import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ajaxServer } from './admin-ajax';

/**
 * Component tests (the `component` project in vite.config.ts): jsdom, Testing Library, and msw
 * answering admin-ajax. A request no test expected fails the test, so an island cannot call an
 * action silently.
 */
beforeAll(() => ajaxServer.listen({ onUnhandledRequest: 'error' }));

// `waitFor` and `findBy…` wait up to 5 s, not 1 s: an island's lazily imported module (the payment
// page's steps) takes longer than a second to load on a busy 2-core machine, and the tests would
// then fail for the machine's sake. A test still fails when what it waits for never happens.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  ajaxServer.resetHandlers();
});
afterAll(() => ajaxServer.close());
