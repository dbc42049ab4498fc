import { describe, expect, it } from 'vitest';
import { loadExchanges } from './exchanges';
import { pageComparison, templateComparison } from './page-comparisons';

describe('page comparisons for another site', () => {
  // A page of the admin's own site is compared as its template is: exactly as our captured page
  // of the same template is compared by its route.
  const pages = loadExchanges().filter(
    (ex) =>
      ex.request.method === 'GET' && !ex.request.path.startsWith('/wp-admin/') && /<body/.test(ex.response.body ?? ''),
  );
  it.each(pages.map((ex) => [ex.name, ex] as const))("%s: its template gives its route's comparison", (_name, ex) => {
    expect(templateComparison(ex.response.body ?? '')).toEqual(pageComparison(ex));
  });

  it('compares a page of no known template whole', () => {
    expect(templateComparison('<html><body class="error404"></body></html>')).toEqual({});
  });
});
