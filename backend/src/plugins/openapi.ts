import { openapi } from '@elysiajs/openapi';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';

export const ErrorSchema = v.object({
  message: v.string(),
  issues: v.array(v.object({ path: v.string(), message: v.string() })),
});

/** OpenAPI documentation of every endpoint at /api/docs (the JSON at /api/docs/json). */
export const openapiPlugin = () =>
  openapi({
    path: '/api/docs',
    // Valibot schemas with transforms (trim) still describe their input shape.
    mapJsonSchema: { valibot: (schema: v.GenericSchema) => toJsonSchema(schema, { errorMode: 'ignore' }) },
    exclude: { paths: ['/*', /^\/admin\/queues/] },
    documentation: {
      info: {
        title: 'Lucid Insight API',
        version: '1.0.0',
        description:
          'The API of the marketing site and client portal. Every failure answers `{ message, issues: [{ path, message }] }`.',
      },
      tags: [
        { name: 'System', description: 'Health and public runtime configuration' },
        { name: 'Contact', description: 'Contact form' },
        { name: 'Auth', description: 'Sessions, sign-in, invitations, password resets, profile' },
        { name: 'Dashboards', description: 'Sample and client dashboards' },
        { name: 'Admin', description: 'Organizations, dashboards, users, links, audit (administrators only)' },
        { name: 'Booking', description: 'Consultation availability, booking, cancelling, the scheduling webhook' },
      ],
    },
  });
