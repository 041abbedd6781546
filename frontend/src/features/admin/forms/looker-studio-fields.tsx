import type { DashboardInput } from '@app/contracts';
import { verbatimInput } from '../../../components/form/field-presets';
import { withFieldGroup } from '../../../components/form/form';
import type { TextFieldProps } from '../../../components/form/text-field';
import { reportTarget } from '../utils/looker-studio';
import { ReportPicker } from './report-picker';

/** The embed URL field, which follows the report named. */
const EMBED_URL_FIELD: TextFieldProps & { 'data-testid': string } = {
  label: 'Embed URL',
  description:
    "Looker Studio's embed address of the report, filled in from the report; change it to open another of its pages.",
  placeholder: 'https://lookerstudio.google.com/embed/reporting/...',
  ...verbatimInput,
  'data-testid': 'dashboard-looker-embed-url',
};

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
        <group.AppField name="embedUrl">{(field) => <field.TextField {...EMBED_URL_FIELD} />}</group.AppField>
      </>
    );
  },
});
