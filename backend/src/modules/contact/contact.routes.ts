import { ApiErrorSchema, type ContactAccepted, ContactAcceptedSchema, ContactMessageSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../deps';
import { Limits } from '../../lib/rate-limit';
import { requestContext } from '../../plugins/request-context';
import { createContactService } from './contact.service';

export const contactRoutes = (deps: Pick<AppDeps, 'config' | 'rateLimiter' | 'db' | 'publisher' | 'logger'>) => {
  const contact = createContactService(deps);
  return new Elysia({ name: 'contact-routes' }).use(requestContext(deps.config.TRUST_PROXY)).post(
    '/api/contact',
    async ({ body, set, request, clientIp, requestId }): Promise<ContactAccepted> => {
      await deps.rateLimiter.hit([Limits.contactByIp(clientIp() ?? 'unknown')]);
      const result = await contact.receive(body, {
        ipAddress: clientIp(),
        userAgent: request.headers.get('user-agent'),
        requestId,
      });
      set.status = 201;
      // A filled honeypot gets the same answer as a real message (D11), so robots learn nothing.
      return { id: result.id, message: "Thank you! We'll get back to you within 24 hours." };
    },
    {
      body: ContactMessageSchema,
      response: { 201: ContactAcceptedSchema, 422: ApiErrorSchema, 429: ApiErrorSchema },
      detail: {
        tags: ['Contact'],
        summary: 'Send a contact message',
        description:
          'Stores the message and its contact.received event; the workers e-mail the company and the visitor.',
      },
    },
  );
};
