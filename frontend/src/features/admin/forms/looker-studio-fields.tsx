import type { DashboardInput } from '@app/contracts';
import { verbatimInput } from '../../../components/form/field-presets';
import { withFieldGroup } from '../../../components/form/form';
import { reportTarget } from '../utils/looker-studio';
import { ReportPicker } from './report-picker';

const LOOKER_EMBED_HINT =
  "Looker Studio's embed address of the report, filled in from the report; change it to open another of its pages.";

/**
 * The report of a Looker Studio dashboard (issue 28), in the dashboard form: the Report (picked from the chosen
 * connection's reports, or its id or address pasted) and the embed URL, which follows the report named.
 */
export const LookerStudioFields = withFieldGroup({
  defaultValues: { connectionId: '', assetName: '', embedUrl: '' } as Pick<
    DashboardInput,
    'connectionId' | 'assetName' | 'embedUrl'
  >,
  render: function Render({ group }) {
    /** The Report field named a report (typed, pasted or picked): its id, and the embed URL of it. */
    const followReport = (text: string, picked: boolean) => {
      const embedUrl = String(group.getFieldValue('embedUrl') ?? '');
      const target = reportTarget(text, embedUrl, picked);
      if (!target) return;
      if (target.assetName !== text) group.setFieldValue('assetName', target.assetName);
      if (target.embedUrl !== embedUrl) group.setFieldValue('embedUrl', target.embedUrl);
    };
    return (
      <>
        <group.Subscribe selector={(state) => Number(state.values.connectionId) || null}>
          {(connectionId) => (
            <group.AppField
              name="assetName"
              listeners={{ onChange: ({ value }) => followReport(String(value ?? ''), false) }}
            >
              {(field) => (
                <ReportPicker
                  connectionId={connectionId}
                  value={String(field.state.value ?? '')}
                  onPicked={(name) => followReport(name, true)}
                  field={(props) => <field.ComboboxField {...props} />}
                />
              )}
            </group.AppField>
          )}
        </group.Subscribe>
        <group.AppField name="embedUrl">
          {(field) => (
            <field.TextField
              label="Embed URL"
              description={LOOKER_EMBED_HINT}
              placeholder="https://lookerstudio.google.com/embed/reporting/..."
              {...verbatimInput}
              data-testid="dashboard-looker-embed-url"
            />
          )}
        </group.AppField>
      </>
    );
  },
});
