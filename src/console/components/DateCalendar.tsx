// The date field's calendar, in a chunk of its own (DateField.tsx fetches it when it is first
// opened): Blueprint's date picker with date-fns's English names, no locale module to fetch.
import '@blueprintjs/datetime2/lib/css/blueprint-datetime2.css';
import './dateCalendar.css';
import { DatePicker3 } from '@blueprintjs/datetime2';
import { FIRST_DAY, isoOfLocal, LAST_DAY, localOfIso } from './days';

const englishDefaults = () => Promise.resolve(undefined);

interface DateCalendarProps {
  /** The ISO date shown picked ('' for none). */
  value: string;
  onPick(iso: string): void;
  /** Offered when the date may be emptied. */
  onClear?: () => void;
}

export function DateCalendar({ value, onPick, onClear }: DateCalendarProps) {
  return (
    <DatePicker3
      value={value ? localOfIso(value) : null}
      onChange={(date, isUserChange) => {
        if (!isUserChange) return;
        if (date) onPick(isoOfLocal(date));
        else onClear?.();
      }}
      minDate={FIRST_DAY}
      maxDate={LAST_DAY}
      canClearSelection={Boolean(onClear)}
      showActionsBar={Boolean(onClear)}
      highlightCurrentDay
      dateFnsLocaleLoader={englishDefaults}
    />
  );
}
