// The filters above a report grid: the date range (DateField.tsx: DD-MMM-YYYY), the filters its
// declaration offers, each drawn as its contract declaration says (contract/gridFilters.ts: a
// select with 'All ...' first, or a checkbox; a Super Admin's own shown to them only), and a
// search. A select's choices are the contract's, else the screen's entity lists (`choices`). Each
// change goes into the address (address/useGridQuery.ts); the server scopes and checks all of it again.
import { Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { gridFilterOf, GRID_FILTERS, type FilterChoice, type GridFilter } from '../../contract/gridFilters';
import type { GridDeclaration } from '../../contract/grids';
import type { GridQueryState } from '../address/useGridQuery';
import { DateField } from './DateField';
import { FilterSelect } from './FilterControls';

/** The choices of the select filters whose choices are records (agencies, campaigns, countries, admins), by filter. */
export type FilterChoices = Partial<Record<GridFilter, readonly FilterChoice[]>>;

interface GridFiltersProps {
  grid: GridDeclaration;
  query: GridQueryState;
  choices: FilterChoices;
  /** Actions at the end of the row (a download button). */
  children?: ReactNode;
}

export function GridFilters({ grid, query, choices, children }: GridFiltersProps) {
  const { state, change, callerIsSuper } = query;
  // In the contract's order: the selects, the search, then the checks.
  const offered = GRID_FILTERS.filter((key) => grid.filters.includes(key) && (!gridFilterOf(key).superAdminOnly || callerIsSuper));
  const control = (key: GridFilter) => gridFilterOf(key).control;
  return (
    <div className="console-grid-filters">
      <DateField id="grid-start" label="Start Date" value={state.start} onChange={(value) => query.setDate('start', value)} />
      <DateField id="grid-end" label="End Date" value={state.end} onChange={(value) => query.setDate('end', value)} />
      {offered.map((key) => {
        const filter = gridFilterOf(key);
        const { control: select } = filter;
        const value = filter.write(state[key]);
        if (select.kind !== 'select' || (select.whenSet && value === undefined)) return null;
        return (
          <FilterSelect
            key={key}
            id={`grid-${key}`}
            label={select.label}
            allLabel={select.allLabel}
            value={value}
            // Set by a link (a Stats amount opens its currency's rows): its one choice is itself.
            choices={select.whenSet && value !== undefined ? [{ value, label: value }] : (select.choices ?? choices[key])}
            onChange={(text) => change({ [key]: filter.read(text ?? null) })}
          />
        );
      })}
      <FormGroup label="Search" labelFor="grid-search">
        <InputGroup
          id="grid-search"
          className="report-grid-search"
          type="search"
          leftIcon={<Search />}
          placeholder={`Search ${grid.title}`}
          value={query.typedSearch}
          onChange={(e) => query.setSearch(e.target.value)}
        />
      </FormGroup>
      <div className="console-grid-checks">
        {offered.map((key) => {
          const check = control(key);
          if (check.kind !== 'check') return null;
          return <Checkbox key={key} label={check.label} title={check.title} checked={state[key] === true} onChange={(e) => change({ [key]: e.currentTarget.checked })} />;
        })}
      </div>
      {children}
    </div>
  );
}
