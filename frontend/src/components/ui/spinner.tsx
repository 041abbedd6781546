import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A decorative spinner: the text beside it says what is happening. */
export const Spinner = ({ className }: { className?: string }) => (
  <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />
);
