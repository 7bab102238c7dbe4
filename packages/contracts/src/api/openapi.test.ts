import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiPath } from './openapi.js';
import { API_SERVICES } from './routes.js';

describe('openApiDocument', () => {
  it.each(API_SERVICES)(
    'when the %s document is made, then it is OpenAPI 3.1 with paths',
    (service) => {
      const document = openApiDocument(service);
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(0);
    },
  );

  it('when a route takes a body, then the document carries its JSON Schema with the spec messages rules', () => {
    const login = openApiDocument('auth').paths?.['/api/auth/login']?.post;
    const body = login?.requestBody;
    expect(body).toMatchObject({
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: expect.arrayContaining(['emailOrUsername', 'password']),
          },
        },
      },
    });
  });

  it('when a route has path and query parameters, then each is a parameter of its operation', () => {
    const remove = openApiDocument('jobs').paths?.['/api/admin/jobs/{id}']?.delete;
    expect(remove?.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'force', in: 'query', required: false }),
      ]),
    );
    expect(remove?.security).toEqual([{ adminCookie: [] }]);
  });

  it('when an express path has parameters, then the OpenAPI path names them in braces', () => {
    expect(openApiPath('/api/admin/jobs/featured/:jobFunction')).toBe(
      '/api/admin/jobs/featured/{jobFunction}',
    );
  });
});
