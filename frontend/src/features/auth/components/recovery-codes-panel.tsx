import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

/** Ten recovery codes, shown once: to copy or download, with the one warning that matters. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes-panel">
      <Alert variant="warning">
        Save these recovery codes somewhere safe, such as a password manager. Each one signs you in once if you lose
        your phone. They are shown only now.
      </Alert>
      <ul
        className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 p-4 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2 dark:border-slate-700 dark:text-white"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast({ title: 'Recovery codes copied' }))
              .catch(() => toast({ title: 'Copying failed', description: 'Select the codes and copy them by hand.' }))
          }
        >
          Copy codes
        </Button>
        <a
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Lucid Insight recovery codes\n\n${text}\n`)}`}
          download="lucid-insight-recovery-codes.txt"
        >
          Download
        </a>
        <Button onClick={onDone} data-testid="recovery-codes-done">
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}
