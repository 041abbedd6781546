import { FileUp } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** A key file is a few kilobytes: anything much larger is not one (and is not read into the page). */
const MAX_KEY_FILE_BYTES = 64 * 1024;

/**
 * A secret pasted as text, or read from a file the admin chooses (the JSON key Google's console downloads for a
 * service account): the text area (`textarea`, given its hint) and a 'Choose a key file' button that puts the file's
 * text into it. Nothing is sent until the form is saved.
 */
export function KeyFileField({
  label,
  hint,
  onRead,
  textarea,
}: {
  label: string;
  /** The text area's hint (a change keeps the stored key when it is left empty). */
  hint: string;
  onRead: (text: string) => void;
  textarea: (description: ReactNode) => ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_KEY_FILE_BYTES) {
      setStatus({ ok: false, text: `${file.name} is too large to be a service account key (a key is a few KB).` });
      return;
    }
    try {
      onRead(await file.text());
      setStatus({ ok: true, text: `Read ${file.name}. It is sent when you save.` });
    } catch {
      setStatus({ ok: false, text: `${file.name} could not be read.` });
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {textarea(hint)}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          onClick={() => inputRef.current?.click()}
          aria-describedby={status ? statusId : undefined}
          data-testid="connection-key-file-button"
        >
          <FileUp aria-hidden="true" className="size-4" />
          Choose a key file
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".json,application/json"
          tabIndex={-1}
          aria-label={`${label}: key file`}
          className="sr-only"
          onChange={(event) => {
            void read(event.target.files?.[0]);
            // The same file chosen again reads again.
            event.target.value = '';
          }}
          data-testid="connection-key-file"
        />
        <p
          id={statusId}
          aria-live="polite"
          className={
            status?.ok === false
              ? 'text-sm text-red-700 dark:text-red-400'
              : 'text-sm text-slate-600 dark:text-slate-400'
          }
          data-testid="connection-key-file-status"
        >
          {status?.text}
        </p>
      </div>
    </div>
  );
}
