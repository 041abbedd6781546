import { DatePicker, parseDate } from '@ark-ui/react/date-picker';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CalendarProps {
  /** The chosen day, yyyy-MM-dd, or '' for none. */
  value: string;
  onValueChange: (value: string) => void;
  label: ReactNode;
  /** Whether a day (yyyy-MM-dd) may be chosen; the others are shown disabled. */
  isSelectable: (date: string) => boolean;
  /** The earliest day (yyyy-MM-dd): the calendar does not page back before its month. */
  min?: string | undefined;
  /** The month shown first (a day in it, yyyy-MM-dd). */
  initialDate?: string | undefined;
  /** The zone whose calendar is meant (IANA name), for 'today'. */
  timeZone?: string | undefined;
  /** Marks the calendar invalid and points at the message. */
  errorId?: string | undefined;
  invalid?: boolean;
  /**
   * Days (yyyy-MM-dd) known to have free times: shown highlighted (data-available). Leave undefined when unknown.
   */
  highlighted?: ReadonlySet<string> | undefined;
  /** Called with the month shown (yyyy-MM) when the visitor pages to another month. */
  onMonthChange?: ((month: string) => void) | undefined;
  /** Prefix of each day's data-testid (`${prefix}-yyyy-MM-dd`). */
  dayTestIdPrefix?: string;
  'data-testid'?: string;
}

const parse = (value: string | undefined) => {
  if (!value) return undefined;
  try {
    return parseDate(value);
  } catch {
    return undefined;
  }
};

/** A month calendar always on screen (Ark UI DatePicker, inline, one month): arrow keys move between days. */
export function Calendar({
  value,
  onValueChange,
  label,
  isSelectable,
  min,
  initialDate,
  timeZone,
  errorId,
  invalid = false,
  dayTestIdPrefix = 'calendar-day',
  highlighted,
  onMonthChange,
  'data-testid': testId,
}: CalendarProps) {
  const selected = parse(value);
  const minDate = parse(min);
  const focused = parse(initialDate);
  return (
    <DatePicker.Root
      inline
      selectionMode="single"
      numOfMonths={1}
      locale="en-US"
      startOfWeek={0}
      fixedWeeks
      minView="day"
      maxView="day"
      outsideDaySelectable={false}
      value={selected ? [selected] : []}
      onValueChange={(details) => onValueChange(details.value[0]?.toString() ?? '')}
      isDateUnavailable={(date) => !isSelectable(date.toString())}
      {...(onMonthChange && {
        onVisibleRangeChange: (details) => onMonthChange(details.visibleRange.start.toString().slice(0, 7)),
      })}
      {...(timeZone && { timeZone })}
      {...(minDate && { min: minDate })}
      {...(focused && { defaultFocusedValue: focused })}
      className="w-full"
      {...(testId && { 'data-testid': testId })}
    >
      <DatePicker.Label className="text-sm font-medium text-slate-800 dark:text-slate-200">{label}</DatePicker.Label>
      <div
        className={cn(
          'mt-1.5 rounded-lg border bg-white p-3 shadow-sm dark:bg-slate-900',
          invalid ? 'border-red-600 dark:border-red-500' : 'border-slate-300 dark:border-slate-600',
        )}
      >
        {/* The machine moves the keyboard focus to the focused day inside Content: without it arrow keys moved only
            the highlight, not the focus. */}
        <DatePicker.Content className="outline-none">
          <DatePicker.View view="day">
            <DatePicker.Context>
              {(api) => (
                <>
                  <DatePicker.ViewControl className="mb-2 flex items-center justify-between">
                    <DatePicker.PrevTrigger
                      className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
                      data-testid={`${dayTestIdPrefix}-prev`}
                    >
                      <ChevronLeft aria-hidden="true" className="size-5" />
                    </DatePicker.PrevTrigger>
                    <DatePicker.RangeText className="text-sm font-semibold text-slate-900 dark:text-white" />
                    <DatePicker.NextTrigger
                      className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800"
                      data-testid={`${dayTestIdPrefix}-next`}
                    >
                      <ChevronRight aria-hidden="true" className="size-5" />
                    </DatePicker.NextTrigger>
                  </DatePicker.ViewControl>
                  <DatePicker.Table
                    className="w-full border-collapse"
                    {...(invalid && { 'aria-invalid': true })}
                    {...(invalid && errorId && { 'aria-describedby': errorId })}
                  >
                    <DatePicker.TableHead>
                      <DatePicker.TableRow>
                        {api.weekDays.map((weekDay) => (
                          <DatePicker.TableHeader
                            key={weekDay.long}
                            abbr={weekDay.long}
                            className="pb-1 text-center text-xs font-medium text-slate-500 dark:text-slate-400"
                          >
                            {weekDay.short}
                          </DatePicker.TableHeader>
                        ))}
                      </DatePicker.TableRow>
                    </DatePicker.TableHead>
                    <DatePicker.TableBody>
                      {api.weeks.map((week) => (
                        <DatePicker.TableRow key={week[0]?.toString()}>
                          {week.map((day) => (
                            <DatePicker.TableCell key={day.toString()} value={day} className="p-0.5 text-center">
                              <DatePicker.TableCellTrigger
                                className={
                                  'mx-auto flex size-9 items-center justify-center rounded-md text-sm text-slate-900 transition-colors ' +
                                  'hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-100 dark:hover:bg-slate-800 ' +
                                  'data-[today]:font-bold data-[today]:underline data-[today]:underline-offset-4 ' +
                                  'data-[outside-range]:invisible ' +
                                  'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[disabled]:line-through data-[disabled]:hover:bg-transparent ' +
                                  'data-[unavailable]:cursor-not-allowed data-[unavailable]:text-slate-400 data-[unavailable]:line-through data-[unavailable]:hover:bg-transparent ' +
                                  'dark:data-[disabled]:text-slate-600 dark:data-[unavailable]:text-slate-600 ' +
                                  'data-[available]:bg-blue-50 data-[available]:font-semibold data-[available]:text-blue-800 data-[available]:hover:bg-blue-100 ' +
                                  'dark:data-[available]:bg-blue-950 dark:data-[available]:text-blue-200 dark:data-[available]:hover:bg-blue-900 ' +
                                  'data-[selected]:bg-blue-700 data-[selected]:font-semibold data-[selected]:text-white data-[selected]:hover:bg-blue-700 ' +
                                  'dark:data-[selected]:bg-blue-500 dark:data-[selected]:text-white'
                                }
                                data-testid={`${dayTestIdPrefix}-${day.toString()}`}
                                {...(highlighted?.has(day.toString()) &&
                                  isSelectable(day.toString()) && { 'data-available': '' })}
                              >
                                {day.day}
                              </DatePicker.TableCellTrigger>
                            </DatePicker.TableCell>
                          ))}
                        </DatePicker.TableRow>
                      ))}
                    </DatePicker.TableBody>
                  </DatePicker.Table>
                </>
              )}
            </DatePicker.Context>
          </DatePicker.View>
        </DatePicker.Content>
      </div>
    </DatePicker.Root>
  );
}
