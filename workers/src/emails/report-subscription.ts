import { COMPANY_NAME } from '@app/contracts';
import * as v from 'valibot';
import { defineEmail } from './define-email';
import { organizationBrand } from './organization-brand';

/**
 * A report subscription's e-mail (issue 29, decision 054): one member's copy of the organization's exported report.
 * Not sent on a stored event: the subscription's run (jobs/subscriptions) exports the file, then prepares this
 * e-mail for each member with what it already read, attaches the file and sends it (the file never reaches the
 * database or the queue).
 */
const DeliveryPayload = v.object({
  email: v.string(),
  firstName: v.nullable(v.string()),
  organizationName: v.string(),
  organizationLogoUrl: v.nullable(v.string()),
  dashboardName: v.string(),
  dashboardId: v.number(),
  frequency: v.picklist(['weekly', 'monthly']),
  fileName: v.string(),
  unsubscribeUrl: v.string(),
});

export const reportSubscriptionEmail = {
  'report-subscription': defineEmail({
    template: 'report-subscription',
    variables: [
      'dashboardName',
      'greetingName',
      'frequencyWord',
      'organizationName',
      'fileName',
      'dashboardLink',
      'unsubscribeLink',
    ],
    load: async (_ctx, event) => v.parse(DeliveryPayload, event.payload),
    content: (d, ctx) => ({
      to: d.email,
      organization: organizationBrand([{ name: d.organizationName, logoUrl: d.organizationLogoUrl }], ctx.appUrl),
      subject: `${d.dashboardName}: your ${d.frequency} report from ${COMPANY_NAME}`,
      preview: `The ${d.frequency} report of ${d.organizationName} is attached.`,
      vars: {
        dashboardName: d.dashboardName,
        greetingName: d.firstName || d.email,
        frequencyWord: d.frequency,
        organizationName: d.organizationName,
        fileName: d.fileName,
        dashboardLink: `${ctx.appUrl.replace(/\/$/, '')}/dashboard/${d.dashboardId}`,
        unsubscribeLink: d.unsubscribeUrl,
      },
    }),
  }),
};
