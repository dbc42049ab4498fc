import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { PROBE_ROUTES } from '../testing/rest-app';
import { openApiDocument, openApiPath } from './openapi';
import { restRoutes } from './router';

/**
 * The OpenAPI document generated from the routes: a valid OpenAPI 3.1 document by a standard
 * validator, with every route of `restRoutes` in it (routes added later are covered as they come).
 */
const OPTIONS = { serverUrl: 'https://example.test/wp-json/tourmaster/v1', title: 'Test API', version: '1.0.0' };

type Operation = {
  parameters?: { name: string; in: string; required: boolean }[];
  security?: unknown[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and lists every route', async () => {
    const document = openApiDocument(restRoutes, OPTIONS);
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does refuse a broken document (a parameter with no place).
    const broken = { ...document, paths: { '/x': { get: { parameters: [{ name: 'a', schema: {} }] } } } };
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
    expect(document.openapi).toBe('3.1.0');
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const route of restRoutes) {
      const operation = paths[openApiPath(route.path)]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(Object.keys(operation!.responses)).toContain(String(route.status ?? 200));
      expect(operation!.security !== undefined).toBe(route.auth !== 'public');
      expect(operation!.requestBody !== undefined).toBe(route.body !== undefined);
    }
  });

  it('takes path parameters from the path and the rest of the input from the query', () => {
    const paths = openApiDocument(restRoutes, OPTIONS).paths as Record<string, Record<string, Operation>>;
    const availability = paths['/tours/{id}/availability']!.get!;
    expect(availability.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'from', in: 'query', required: true }),
        expect.objectContaining({ name: 'to', in: 'query', required: true }),
      ]),
    );
  });

  it('declares HTTP Basic on keyed routes, with 401, 403 and 429 in WordPress’s error shape', async () => {
    const document = openApiDocument([...restRoutes, ...PROBE_ROUTES], OPTIONS);
    expect((await new Validator().validate(document as never)).valid).toBe(true);
    const orders = (document.paths as Record<string, Record<string, Operation>>)['/test-probe/orders']!.get!;
    expect(orders.security).toEqual([{ applicationPassword: [] }]);
    expect(Object.keys(orders.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(document.components).toMatchObject({
      securitySchemes: { applicationPassword: { type: 'http', scheme: 'basic' } },
    });
    expect(document.servers).toEqual([{ url: OPTIONS.serverUrl }]);
  });

  it('lists the status a creating route answers and the Idempotency-Key header POST /bookings requires', () => {
    const paths = openApiDocument(restRoutes, OPTIONS).paths as Record<string, Record<string, Operation>>;
    const book = paths['/bookings']!.post!;
    expect(Object.keys(book.responses)).toContain('201');
    expect(book.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]),
    );
    expect(Object.keys(paths['/webhooks']!.post!.responses)).toContain('201');
  });
});
