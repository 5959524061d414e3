// /countries when logged out: the public country list of the legacy admin backend.
import '../../components/blueprint';
import { HTMLTable, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { usePublicCountriesQuery } from '../../backends/referenceApi';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { EmptyState } from '../../components/EmptyState';

export function PublicCountriesPage() {
  const { data, isLoading, isError } = usePublicCountriesQuery();
  return (
    <SignedOutFrame title="Countries">
      {isLoading && <Spinner size={24} />}
      {isError && <EmptyState title="The country list could not be loaded." />}
      {data && (
        <HTMLTable compact striped className="console-table">
          <thead>
            <tr>
              <th>Country</th>
              <th>Dialing code</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((country) => (
              <tr key={country.id}>
                <td>{country.country}</td>
                <td>+{country.code}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <p className="console-links">
        <Link to="/login">Back to login</Link>
      </p>
    </SignedOutFrame>
  );
}
