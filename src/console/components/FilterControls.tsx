// The controls of a filter bar, the same on every list and grid that filters: a choice with 'All
// ...' first (the empty value: no filter), and the Super Admin's 'Include Blacklisted' and BQ
// (SPEC.md section 6; the server refuses both from anyone else).
import { Checkbox, FormGroup, HTMLSelect } from '@blueprintjs/core';

export interface FilterChoice {
  value: string | number;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first choice, meaning no filter: 'All agencies'. */
  allLabel: string;
  value: string | number | undefined;
  choices: readonly FilterChoice[] | undefined;
  /** The chosen value; undefined for 'All ...'. */
  onChange(value: string | undefined): void;
  inline?: boolean;
}

export function FilterSelect({ id, label, allLabel, value, choices, onChange, inline }: FilterSelectProps) {
  return (
    <FormGroup label={label} labelFor={id} inline={inline}>
      <HTMLSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {choices?.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

interface SuperAdminChecksProps {
  blacklisted: boolean;
  /** Undefined where BQ is not a filter (Fraud Events). */
  bq?: boolean;
  onChange(change: { blacklisted?: boolean; bq?: boolean }): void;
}

/** 'Include Blacklisted' and BQ (agents with fraud events): show them to a Super Admin only. */
export function SuperAdminChecks({ blacklisted, bq, onChange }: SuperAdminChecksProps) {
  return (
    <>
      <Checkbox label="Include Blacklisted" checked={blacklisted} onChange={(e) => onChange({ blacklisted: e.currentTarget.checked })} />
      {bq !== undefined && <Checkbox label="BQ" title="Only agents with fraud events" checked={bq} onChange={(e) => onChange({ bq: e.currentTarget.checked })} />}
    </>
  );
}
