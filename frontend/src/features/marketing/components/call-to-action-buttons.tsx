import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/** 'See Sample Dashboards' and 'Book Free Consultation', used by the hero and the call to action. */
export function CallToActionButtons({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <div className={cn('flex flex-col gap-3 sm:flex-row', className)}>
      <Link to="/dashboards" className={buttonClass({ variant: inverted ? 'inverse' : 'primary', size: 'lg' })}>
        See Sample Dashboards
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
      <Link
        to="/book-consultation"
        className={buttonClass({ variant: inverted ? 'inverse-outline' : 'outline', size: 'lg' })}
      >
        <CalendarDays aria-hidden="true" className="size-4" />
        Book Free Consultation
      </Link>
    </div>
  );
}
