import { COMPANY_NAME } from '@app/contracts/brand';
import { cn } from '../../lib/cn';

/** The mark and the company name; `compact` once the header has shrunk. */
export function Logo({
  compact = false,
  hideNameOnTablet = false,
  nameClassName,
}: {
  compact?: boolean;
  hideNameOnTablet?: boolean;
  /** Extra classes of the name, e.g. to hide it on narrow screens. */
  nameClassName?: string;
}) {
  return (
    <span className="flex items-center gap-2.5">
      <svg
        viewBox="0 0 32 32"
        aria-hidden="true"
        className={cn('shrink-0 transition-all duration-200', compact ? 'size-7' : 'size-9')}
      >
        <rect width="32" height="32" rx="8" className="fill-blue-700 dark:fill-blue-600" />
        <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
        <rect x="14" y="12" width="4" height="13" rx="1" fill="#fff" />
        <rect x="21" y="7" width="4" height="18" rx="1" fill="#bfdbfe" />
      </svg>
      <span
        className={cn(
          'font-bold tracking-tight text-slate-900 transition-all duration-200 dark:text-white',
          compact ? 'text-base' : 'text-lg',
          // Between 768 and 1023 px the full header navigation needs the room.
          hideNameOnTablet && 'md:max-lg:sr-only',
          nameClassName,
        )}
      >
        {COMPANY_NAME}
      </span>
    </span>
  );
}
