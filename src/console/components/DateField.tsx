// The one date control of the console (Stats, the report grids, the service reports): a text field
// showing and taking DD-MMM-YYYY (or an ISO date), with a calendar one button away. The calendar's
// code (react-day-picker, date-fns) comes when it is first opened, so a screen with a date field,
// Stats first of all, does not carry it to the first screen after sign-in (tests/e2e/transfer.test.ts).
import { Button, FormGroup, InputGroup, Popover, Spinner } from '@blueprintjs/core';
import { Calendar } from '@blueprintjs/icons';
import { Suspense, useState } from 'react';
import { lazyNamed } from './lazyNamed';
import { shownDay, typedDay } from './days';

const DateCalendar = lazyNamed(() => import('./DateCalendar'), 'DateCalendar');

export interface DateFieldProps {
  id: string;
  label: string;
  /** An ISO date; '' for none (a clearable field). */
  value: string;
  onChange(iso: string): void;
  /** Whether the date may be emptied (a report's filters say when it must not be). A grid always has its dates. */
  clearable?: boolean;
  className?: string;
}

export function DateField({ id, label, value, onChange, clearable = false, className }: DateFieldProps) {
  // What is being typed; the field shows the value (a preset, the address, the calendar) otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  // A draft that reads as another day than the value lost to a change from outside (the other end of
  // the range moved this one): the value wins.
  const text = draft !== null && (typedDay(draft) ?? value) === value ? draft : shownDay(value);
  const typed = typedDay(text);
  const unreadable = text.trim() !== '' && !typed;
  const type = (next: string) => {
    setDraft(next);
    const iso = typedDay(next);
    if (iso && iso !== value) onChange(iso);
    else if (!next.trim() && clearable && value) onChange('');
  };
  const pick = (iso: string) => {
    setOpen(false);
    if (iso !== value) onChange(iso);
  };
  const calendar = (
    <Popover
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-end"
      autoFocus
      content={
        <Suspense fallback={<Spinner size={24} className="console-centered" aria-label="Loading the calendar" />}>
          <DateCalendar value={typed ?? value} onPick={pick} onClear={clearable ? () => pick('') : undefined} />
        </Suspense>
      }
    >
      <Button variant="minimal" icon={<Calendar />} aria-label={`${label}: choose in a calendar`} aria-expanded={open} />
    </Popover>
  );
  return (
    <FormGroup label={label} labelFor={id} className={className}>
      <InputGroup
        id={id}
        value={text}
        placeholder="DD-MMM-YYYY"
        autoComplete="off"
        intent={unreadable ? 'danger' : undefined}
        aria-invalid={unreadable || undefined}
        // What cannot be read as a day goes back to the day in force: the filter never holds half a date.
        onBlur={() => setDraft(null)}
        onValueChange={type}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'ArrowDown' && event.altKey) setOpen(true);
        }}
        rightElement={calendar}
      />
    </FormGroup>
  );
}
