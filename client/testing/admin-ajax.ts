import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** The admin-ajax URL the component tests give their islands (jsdom's page is on this origin). */
export const AJAX_URL = 'http://localhost:3000/wp-admin/admin-ajax.php';

export const ajaxServer = setupServer();

/** One posted request as the island sent it: the action and the form, decoded as PHP reads it. */
export interface PostedAjax {
  action: string;
  form: URLSearchParams;
}

/**
 * Answers admin-ajax: `reply` gets each posted form and returns the JSON to send (or `0`, as
 * WordPress answers an unknown action). Returns the requests seen, in order.
 */
export function answerAjax(reply: (posted: PostedAjax) => unknown): PostedAjax[] {
  const seen: PostedAjax[] = [];
  ajaxServer.use(
    http.post(AJAX_URL, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      const posted = { action: form.get('action') ?? '', form };
      seen.push(posted);
      return HttpResponse.json(reply(posted) as never);
    }),
  );
  return seen;
}

/** Answers with an HTTP failure (a proxy's 502, a server that is down). */
export function failAjax(status: number): void {
  ajaxServer.use(http.post(AJAX_URL, () => new HttpResponse('Bad Gateway', { status })));
}

/**
 * The reply the legacy system sent in a captured exchange (legacy-fixtures/exchanges/NAME.json),
 * so a component is tested against what the plugin really answered, not a reply written for the test.
 */
export function capturedReply(name: string): unknown {
  const file = path.resolve('legacy-fixtures/exchanges', `${name}.json`);
  const exchange = JSON.parse(readFileSync(file, 'utf8')) as { response: { body: string; json?: unknown } };
  return exchange.response.json ?? JSON.parse(exchange.response.body);
}
