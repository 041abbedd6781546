import type { ContactMessageInput } from '@app/contracts';
import { ContactMessageSchema } from '@app/contracts/api/contact';
import { useState } from 'react';
import * as v from 'valibot';
import { usePublicSchemaForm } from '../../../components/form/public-form';
import { validationIssues } from '../../../components/form/schema-form-options';
import { VISITOR_FIELDS, VisitorFields } from '../../../components/form/visitor-fields';
import { Alert } from '../../../components/ui/alert';
import { toast } from '../../../components/ui/toast';
import { tryAgainWhen } from '../../../lib/api';
import { useSendContactMessage } from '../api/contact.mutations';

/** The banner over the form: none, sent, failed, or refused for too many messages (its text says when to retry). */
type Banner = 'none' | 'success' | 'error' | { rateLimited: string };

const emptyMessage: ContactMessageInput = { name: '', email: '', subject: '', message: '', website: '' };

export const CONTACT_SUCCESS_BANNER = "Your message has been sent successfully! We'll get back to you within 24 hours.";
export const CONTACT_ERROR_BANNER = 'There was an error sending your message. Please try again.';
const contactRateLimitedBanner = (when: string): Banner => ({
  rateLimited: `You have sent several messages in a short time, so this one was not sent. Please try again ${when}, or write to us by e-mail.`,
});

/** The contact form (spec sections 2, 4 and 8): validated by the same valibot schema as the API. */
export function ContactForm() {
  const [banner, setBanner] = useState<Banner>('none');
  const sendMessage = useSendContactMessage();

  const form = usePublicSchemaForm({
    defaultValues: emptyMessage,
    schema: ContactMessageSchema,
    fieldIssues: validationIssues,
    onSubmit: async (value, formApi) => {
      setBanner('none');
      await sendMessage.mutateAsync(v.parse(ContactMessageSchema, value));
      formApi.reset();
      setBanner('success');
      toast({ title: 'Message sent!', description: "We'll get back to you within 24 hours." });
    },
    onFailure: (error) => {
      console.error('Sending the contact message failed', error);
      // Too many messages from this connection (D8): say when it works again, once, at the top of the form.
      const when = tryAgainWhen(error);
      setBanner(when ? contactRateLimitedBanner(when) : 'error');
      if (when) return;
      toast({
        title: 'Something went wrong',
        description: "Your message couldn't be sent. Please try again.",
        variant: 'destructive',
      });
    },
  });

  return (
    <form.AppForm>
      <form.FormElement aria-label="Contact form" data-testid="contact-form" className="flex flex-col gap-5">
        {banner === 'success' ? (
          <Alert variant="success" data-testid="contact-success">
            {CONTACT_SUCCESS_BANNER}
          </Alert>
        ) : null}
        {banner === 'error' ? (
          <Alert variant="error" data-testid="contact-error">
            {CONTACT_ERROR_BANNER}
          </Alert>
        ) : null}
        {typeof banner === 'object' ? (
          <Alert variant="error" data-testid="contact-error">
            {banner.rateLimited}
          </Alert>
        ) : null}

        <VisitorFields form={form} fields={VISITOR_FIELDS} />
        <form.AppField name="subject">
          {(field) => <field.TextField label="Subject" placeholder="What's this about?" required />}
        </form.AppField>
        <form.AppField name="message">
          {(field) => <field.TextareaField label="Message" placeholder="Your message here..." rows={6} required />}
        </form.AppField>

        {/* Honeypot (D11): people never see or reach it, robots fill it in. */}
        <form.Field name="website">
          {(field) => (
            <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
              <label htmlFor="contact-website">Website</label>
              <input
                id="contact-website"
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={field.state.value ?? ''}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </div>
          )}
        </form.Field>

        <form.FormActions size="lg" pendingLabel="Sending..." className="w-full sm:w-auto" data-testid="contact-submit">
          Send Message
        </form.FormActions>
      </form.FormElement>
    </form.AppForm>
  );
}
