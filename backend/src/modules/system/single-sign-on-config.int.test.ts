import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../testing/app';

const OIDC = {
  OIDC_ISSUER: 'https://id.example.test/',
  OIDC_CLIENT_ID: 'portal-client-7',
  OIDC_CLIENT_SECRET: 'not-a-real-secret',
};

const t = useTestApp({ env: OIDC });

describe('GET /api/config singleSignOn (issue 12 item 7)', () => {
  it('is true when the issuer, client id and client secret are all set, and never gives the secret away', async () => {
    const response = await t.get('/api/config');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ singleSignOn: true });
    expect(text).not.toContain(OIDC.OIDC_CLIENT_SECRET);
    expect(text).not.toContain(OIDC.OIDC_CLIENT_ID);
  });

  it('is documented in the OpenAPI document', async () => {
    const spec = await (await t.get('/api/docs/json')).json();
    // The answer refers to its named shape (contracts/src/api/system.ts), declared once under components.
    const answer = spec.paths['/api/config'].get.responses['200'].content['application/json'].schema;
    expect(answer.$ref).toBe('#/components/schemas/PublicConfig');
    const schema = spec.components.schemas.PublicConfig;
    expect(schema.properties.singleSignOn.type).toBe('boolean');
    expect(schema.required).toContain('singleSignOn');
  });
});
