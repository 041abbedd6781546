import { Portal } from '@ark-ui/react/portal';
import { Toaster as ArkToaster, createToaster, Toast } from '@ark-ui/react/toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../lib/cn';
import { takePendingToast } from './pending-toast';
import { connectToaster, isToastWaiting, TOAST_DURATION, toast } from './toast';

export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: TOAST_DURATION,
  hotkey: ['F8'],
  gap: 12,
  overlap: false,
});

/** Renders the toasts; mounted once in the root layout. */
export function Toaster() {
  useEffect(
    () =>
      connectToaster((options) => {
        toaster.remove();
        toaster.create(options);
      }),
    [],
  );

  // The toast the previous page kept for this one, unless something newer is already waiting (one at a time).
  useEffect(() => {
    const pending = takePendingToast();
    if (pending && !isToastWaiting())
      toast({
        title: pending.title,
        ...(pending.description && { description: pending.description }),
        ...(pending.variant && { variant: pending.variant }),
      });
  }, []);

  return (
    <Portal>
      <ArkToaster toaster={toaster} className="w-[min(420px,calc(100vw-2rem))]" data-testid="toaster">
        {(item) => {
          const destructive = item.meta?.variant === 'destructive';
          const Icon = destructive ? CircleAlert : CircleCheck;
          return (
            <Toast.Root
              className={cn(
                'w-[min(420px,calc(100vw-2rem))] rounded-xl border p-4 pr-10 shadow-lg',
                destructive
                  ? 'border-red-700 bg-red-700 text-white dark:border-red-600 dark:bg-red-700'
                  : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
              )}
              data-variant={destructive ? 'destructive' : 'default'}
              data-testid="toast"
            >
              <div className="flex items-start gap-3">
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 size-5 shrink-0',
                    destructive ? 'text-white' : 'text-blue-700 dark:text-blue-400',
                  )}
                />
                <div className="min-w-0">
                  <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
                  {item.description ? (
                    <Toast.Description
                      className={cn('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600 dark:text-slate-300')}
                    >
                      {item.description}
                    </Toast.Description>
                  ) : null}
                </div>
              </div>
              <Toast.CloseTrigger
                aria-label="Close notification"
                className={cn(
                  'absolute top-3 right-3 rounded-md p-1 opacity-80 transition hover:opacity-100',
                  destructive
                    ? 'text-white hover:bg-red-800'
                    : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                )}
              >
                <X aria-hidden="true" className="size-4" />
              </Toast.CloseTrigger>
            </Toast.Root>
          );
        }}
      </ArkToaster>
    </Portal>
  );
}
