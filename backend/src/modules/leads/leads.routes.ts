import {
  IdParamsSchema,
  LeadChangeSchema,
  LeadConvertedSchema,
  LeadConvertSchema,
  LeadDetailSchema,
  LeadListQuerySchema,
  LeadSchema,
} from '@app/contracts';
import type { AppDeps } from '../../deps';
import { listRoute } from '../../lib/list-query';
import { adminChange, adminPagedList, adminRoute } from '../../lib/route-options';
import { adminOnly, type GuardDeps } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import { countLeads, listLeadPage } from './leads.repository';
import * as leads from './leads.service';

/** The leads (issue 27, decision 049): every contact message and booking of a person, followed to a client. */
export const leadsRoutes = (deps: Pick<AppDeps, 'config' | 'db' | 'publisher' | 'logger'> & GuardDeps) =>
  adminOnly('leads-routes', deps)
    .use(requestContext(deps.config.TRUST_PROXY))
    .get(
      '/api/admin/leads',
      listRoute(deps.db, listLeadPage, countLeads),
      adminPagedList(
        'Leads: every contact message and consultation booking, one lead per person, latest activity first',
        LeadListQuerySchema,
        LeadSchema,
      ),
    )
    .get('/api/admin/leads/:id', ({ params }) => leads.leadDetail(deps.db, params.id), {
      params: IdParamsSchema,
      ...adminRoute('A lead with its contact messages and bookings, in the order they arrived', {
        200: LeadDetailSchema,
      }),
    })
    .patch(
      '/api/admin/leads/:id',
      ({ params, body, user }) => leads.changeLead(deps.db, user, params.id, body),
      adminChange(
        "Change a lead's status, notes or owner (an active administrator, or null for nobody); what is missing stays",
        LeadChangeSchema,
        LeadDetailSchema,
      ),
    )
    .post(
      '/api/admin/leads/:id/convert',
      ({ params, body, user, requestId }) => leads.convertLead(deps, user, params.id, body, requestId),
      adminChange(
        'Convert a lead to a client: the organization, the person as its member (invited, or their account linked), the dashboards linked, the lead won; once (409 after)',
        LeadConvertSchema,
        LeadConvertedSchema,
        {
          description:
            'One transaction. An organization name already taken (any letter case) is 422; a second conversion of the same lead, also at the same moment, is 409 and makes nothing.',
        },
      ),
    );
