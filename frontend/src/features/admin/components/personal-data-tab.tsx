import type { PersonalDataErased } from '@app/contracts';
import { useId, useState } from 'react';
import { controlClass } from '../../../components/form/field-shell';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogCloseTrigger } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api';
import { downloadJson } from '../../../lib/download';
import { exportPersonalData, useErasePersonalData } from '../api/site-admin';
import { notifyFailure, notifySuccess } from '../utils/notify';

const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

const erasedSummary = (erased: PersonalDataErased) =>
  [
    erased.account ? 'the account' : null,
    `${erased.contactMessages} contact message(s)`,
    `${erased.bookings} booking(s)`,
    `${erased.leads} lead(s)`,
    `${erased.dashboardViews} dashboard view(s)`,
    `${erased.auditEntries + erased.signInEvents + erased.emailDeliveries + erased.otherRows} record(s) anonymized`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * Personal data (issue 18): someone asks what is stored about them, or to be forgotten. The administrator types the
 * address; Export downloads everything as JSON; Erase asks for the address again before it deletes.
 */
export function PersonalDataTab() {
  const inputId = useId();
  const confirmId = useId();
  const [email, setEmail] = useState('');
  const [confirm, setConfirm] = useState('');
  const [open, setOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const erase = useErasePersonalData();
  const valid = looksLikeAddress(email);
  const confirmed = confirm.trim().toLowerCase() === email.trim().toLowerCase();

  const runExport = async () => {
    setExporting(true);
    try {
      const data = await exportPersonalData(email.trim());
      downloadJson(data, `personal-data-${email.trim().toLowerCase()}.json`);
      notifySuccess('Personal data exported', 'The JSON file is in your downloads.');
    } catch (error) {
      notifyFailure('Error exporting personal data', error, 'Failed to export the personal data');
    } finally {
      setExporting(false);
    }
  };

  const runErase = async () => {
    try {
      const erased = await erase.mutateAsync(email.trim());
      setResult(`Erased: ${erasedSummary(erased)}.`);
      notifySuccess('Personal data erased');
      setOpen(false);
      setEmail('');
      setConfirm('');
    } catch (error) {
      setOpen(false);
      setResult(null);
      notifyFailure('Error erasing personal data', error, 'Failed to erase the personal data');
    }
  };

  return (
    <Card className="min-w-0 max-w-2xl p-4 sm:p-6" data-testid="personal-data">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Personal Data Requests</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600 dark:text-slate-400">
        When someone asks what we store about them, or asks to be forgotten: type their e-mail address. Export gives
        everything stored under it as a JSON file; Erase deletes their messages, bookings and account, and leaves only
        anonymous markers in the audit and sign-in records.
      </p>
      <div className="mt-6 flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
          E-mail address
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="off"
          className={controlClass}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setResult(null);
          }}
          data-testid="personal-data-email"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={!valid || exporting}
          onClick={() => void runExport()}
          data-testid="personal-data-export"
        >
          {exporting ? <Spinner /> : null}
          Export as JSON
        </Button>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) setConfirm('');
          }}
          trigger={
            <Button variant="destructive" disabled={!valid} data-testid="personal-data-erase">
              Erase...
            </Button>
          }
          title="Erase Personal Data"
          description={`Everything stored about ${email.trim()} is deleted or anonymized. This cannot be undone.`}
          role="alertdialog"
          size="sm"
          busy={erase.isPending}
          data-testid="erase-dialog"
          actions={
            <>
              <DialogCloseTrigger asChild>
                <Button variant="outline" disabled={erase.isPending} data-testid="erase-cancel">
                  Cancel
                </Button>
              </DialogCloseTrigger>
              <Button
                variant="destructive"
                disabled={!confirmed || erase.isPending}
                onClick={() => void runErase()}
                data-testid="erase-confirm"
              >
                {erase.isPending ? <Spinner /> : null}
                {erase.isPending ? 'Erasing...' : 'Erase'}
              </Button>
            </>
          }
        >
          <div className="flex flex-col gap-2">
            <label htmlFor={confirmId} className="text-sm font-medium text-slate-900 dark:text-slate-100">
              Type the address again to confirm
            </label>
            <input
              id={confirmId}
              type="email"
              autoComplete="off"
              className={controlClass}
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              data-testid="erase-confirm-email"
            />
          </div>
        </Dialog>
      </div>
      {result ? (
        <Alert variant="success" className="mt-6" data-testid="personal-data-result">
          {result}
        </Alert>
      ) : null}
      {erase.isError ? (
        <Alert variant="error" className="mt-6" data-testid="personal-data-error">
          {failureMessage(erase.error, 'The personal data could not be erased.')}
        </Alert>
      ) : null}
    </Card>
  );
}
