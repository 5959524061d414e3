// Agencies (SPEC.md section 2): a read-only list of the agencies the admin sees (the server scopes
// it, section 6), with search, sort, pages, working filter links, and a View link to each agency.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { Agency } from '../../../contract/entities';
import { detailPath } from '../../ground/paths';
import { ActiveMark } from '../../components/ActiveMark';
import { ListTable, type Column } from '../../components/ListTable';
import { useShownAnswer } from '../../components/NotLoadedOffline';
import { useAgenciesQuery } from './agenciesApi';
import { AGENCY_FILTERS, useAgencyList } from './agencyList';
import './agencies.css';
import { PageTitle } from '../../components/PageTitle';

const columns: Array<Column<Agency>> = [
  { label: 'Country', sort: 'country', cell: (row) => row.country.country_name },
  { label: 'Currency code', cell: (row) => row.country.currency.currency_code },
  { label: 'Agency', sort: 'agency_name', cell: (row) => row.agency_name },
  { label: 'Added by', cell: (row) => row.added_by_name ?? '—' },
  { label: 'Language', cell: (row) => row.country.language.language_name },
  {
    label: 'View Agency',
    // Named with its agency: a screen reader's list of links would otherwise read 'View' on every row.
    cell: (row) => <Link to={detailPath('agencies', row.id)} aria-label={`View ${row.agency_name}`}>View</Link>,
  },
  { label: 'Status', sort: 'active_flag', cell: (row) => <ActiveMark active={row.active_flag} /> },
];

export function AgenciesPage() {
  const agencies = useAgencyList(columns);
  const query = useAgenciesQuery(agencies.query);
  const { answer, failed, notLoaded } = useShownAnswer(query);
  return (
    <section>
      <header className="console-page-header">
        <PageTitle>Agencies</PageTitle>
      </header>
      <ButtonGroup className="agencies-filters" role="group" aria-label="Show agencies">
        {AGENCY_FILTERS.map((filter) => (
          <Button
            key={filter.label}
            active={filter === agencies.filter}
            aria-pressed={filter === agencies.filter}
            onClick={() => agencies.choose(filter)}
          >
            {filter.label}
          </Button>
        ))}
      </ButtonGroup>
      <ListTable<Agency>
        label="Agencies"
        columns={columns}
        rows={answer?.rows}
        count={answer?.count ?? 0}
        list={agencies.list}
        loading={query.isFetching}
        error={failed ? 'The agencies could not be loaded.' : undefined}
        notLoaded={notLoaded}
        emptyText="No agencies to show"
        rowKey={(row) => row.id}
      />
    </section>
  );
}
