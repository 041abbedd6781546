import type { TwoFactorSetup, TwoFactorStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toastFailure } from '../../../components/ui/failure-toast';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import {
  twoFactorQueryOptions,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from '../api/account-security.api';
import { CodeForm } from '../forms/code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : '';

/** Scan, then confirm with a first code: the set-up (issue 17). */
function SetupPanel({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  return (
    <div className="flex flex-col gap-6" data-testid="two-factor-setup">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password...).</li>
        <li>Scan the QR code, or type the key below into the app.</li>
        <li>Enter the six-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img
          src={setup.qrCodeDataUrl}
          alt="QR code to add Lucid Insight to your authenticator app"
          className="size-48 rounded-lg bg-white p-2"
          data-testid="two-factor-qr"
        />
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">Can't scan? Enter this key:</p>
          <p
            className="mt-1 font-mono text-base font-semibold break-all text-slate-900 dark:text-white"
            data-testid="two-factor-manual-key"
          >
            {setup.manualKey}
          </p>
        </div>
      </div>
      <CodeForm
        label="Code from your app"
        submitLabel="Turn on two-factor sign-in"
        pendingLabel="Checking..."
        aria-label="Confirm two-factor sign-in"
        testId="two-factor-enable"
        onCode={async (code) => onEnabled((await enable.mutateAsync({ code })).recoveryCodes)}
      />
    </div>
  );
}

function EnabledPanel({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const [action, setAction] = useState<'none' | 'disable' | 'codes'>('none');
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="two-factor-summary">
        On since {formatDate(status.enabledAt)}. {status.recoveryCodesLeft} of 10 recovery codes left.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setAction(action === 'codes' ? 'none' : 'codes')}>
          New recovery codes
        </Button>
        <Button
          variant="outline"
          onClick={() => setAction(action === 'disable' ? 'none' : 'disable')}
          data-testid="two-factor-disable-open"
        >
          Turn off
        </Button>
      </div>
      {action === 'codes' ? (
        <CodeForm
          label="Code from your app"
          description="Your old recovery codes stop working."
          submitLabel="Make new codes"
          pendingLabel="Making codes..."
          aria-label="New recovery codes"
          testId="two-factor-regenerate"
          onCode={async (code) => {
            onNewCodes((await regenerate.mutateAsync({ code })).recoveryCodes);
            setAction('none');
          }}
        />
      ) : null}
      {action === 'disable' ? (
        <CodeForm
          label="Code from your app or a recovery code"
          description="Without two-factor sign-in, your password alone opens your account."
          submitLabel="Turn off two-factor sign-in"
          pendingLabel="Turning off..."
          aria-label="Turn off two-factor sign-in"
          testId="two-factor-disable"
          destructive
          onCode={async (code) => {
            await disable.mutateAsync({ code });
            setAction('none');
            toast({ title: 'Two-factor sign-in is off' });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Two-factor sign-in on the account page (issue 17): off (set it up), being set up (QR code, key, first code), just
 * turned on (the recovery codes, once), on (new codes, turn off). Administrators may be required to have it.
 */
export function TwoFactorSection() {
  const status = useQuery(twoFactorQueryOptions());
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const header = (
    <div className="flex flex-wrap items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        <ShieldCheck aria-hidden="true" className="size-5" />
      </span>
      <p className="font-medium text-slate-900 dark:text-white">Two-factor sign-in</p>
      {status.data ? (
        <Badge variant={status.data.enabled ? 'success' : 'neutral'} data-testid="two-factor-state">
          {status.data.enabled ? 'On' : 'Off'}
        </Badge>
      ) : null}
    </div>
  );

  let body: React.ReactNode;
  if (status.isPending)
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <Spinner /> Loading...
      </p>
    );
  else if (status.isError) body = <Alert variant="error">Two-factor sign-in could not be loaded.</Alert>;
  else if (codes) body = <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />;
  else if (status.data.enabled) body = <EnabledPanel status={status.data} onNewCodes={setCodes} />;
  else if (setup)
    body = (
      <SetupPanel
        setup={setup}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          toast({ title: 'Two-factor sign-in is on' });
        }}
      />
    );
  else if (!status.data.available)
    body = (
      <Alert variant="warning">
        Two-factor sign-in is not available at the moment. Please try again later, or ask your administrator.
      </Alert>
    );
  else
    body = (
      <div className="flex flex-col items-start gap-4">
        {status.data.enrolmentRequired ? (
          <Alert variant="warning" data-testid="two-factor-required">
            Administrators must use two-factor sign-in. Set it up to use the administration.
          </Alert>
        ) : null}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Besides your password, ask for a code from an app on your phone when you sign in.
        </p>
        <Button
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: setSetup,
              onError: (error) => toastFailure('Set-up failed', error),
            })
          }
          disabled={start.isPending}
          data-testid="two-factor-start"
        >
          {start.isPending ? <Spinner /> : null}
          Set up two-factor sign-in
        </Button>
      </div>
    );

  return (
    <div
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="two-factor-section"
      id="two-factor"
    >
      {header}
      {body}
    </div>
  );
}
