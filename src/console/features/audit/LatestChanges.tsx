// The Stats tab's 'What changed' card (issue 35): the latest changes in the admin's scope, read from
// the audit trail by the server (GET /admin/audit/latest: an Agency Admin's agencies, a Campaign
// Admin's campaigns, SPEC.md section 6), each with who made it, when, and what it did. A Super Admin
// opens the Audit screen from it: the whole trail, or the changes of one entity. The Stats page
// places it; it fetches its own data.
import './audit.css';
import { Card, Intent, Spinner, Tag } from '@blueprintjs/core';
import { History } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import { AUDIT_LATEST_DEFAULT } from '../../../contract/constants';
import { reportTableTime } from '../../../contract/dates';
import type { AuditChange } from '../../../contract/audit';
import { TAB_PATHS } from '../../ground/paths';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { useLatestChangesQuery } from './auditApi';
import { EmptyState } from '../../components/EmptyState';
import { SectionTitle } from '../../components/PageTitle';

/** The Audit screen with one entity's changes: the record's id searched within them. */
export const auditPathOf = (change: Pick<AuditChange, 'entity' | 'entity_id'>): string =>
  `${TAB_PATHS.audit}?${new URLSearchParams({ entity: change.entity, search: change.entity_id }).toString()}`;

interface LatestChangesProps {
  /** How many changes (1 to AUDIT_LATEST_MAX); AUDIT_LATEST_DEFAULT when left out. */
  limit?: number;
  /** The card's heading level under the page's sections (h2 by default). */
  level?: 2 | 3;
}

export function LatestChanges({ limit = AUDIT_LATEST_DEFAULT, level = 2 }: LatestChangesProps) {
  const isSuper = useCallerIsSuper();
  const latest = useLatestChangesQuery(limit);
  const changes = latest.data;
  return (
    <Card className="latest-changes" role="region" aria-labelledby="latest-changes-title">
      <SectionTitle id="latest-changes-title" level={level}>
        What changed
      </SectionTitle>
      {latest.isLoading && <Spinner size={20} aria-label="Loading the latest changes" />}
      {latest.isError && !changes && <EmptyState icon={<History />} title="The latest changes could not be loaded." />}
      {changes && changes.length === 0 && <EmptyState icon={<History />} title="No changes yet" description="Changes to your agencies and campaigns show here." />}
      {changes && changes.length > 0 && (
        <ol className="latest-changes-list">
          {changes.map((change) => (
            <li key={change.id}>
              <strong>{change.admin ?? 'Logged-out registration'}</strong>
              <span>
                {isSuper ? <Link to={auditPathOf(change)}>{`${change.entity_label} ${change.entity_id}`}</Link> : `${change.entity_label} ${change.entity_id}`}
                {`: ${change.summary}`}
              </span>
              {change.offline && (
                <Tag minimal intent={Intent.PRIMARY} title={change.made_at ? `Made offline at ${reportTableTime(change.made_at)} UTC` : undefined}>
                  Made offline
                </Tag>
              )}
              <time className="latest-changes-when" dateTime={change.at}>{`${reportTableTime(change.at)} UTC`}</time>
            </li>
          ))}
        </ol>
      )}
      {isSuper && (
        <p>
          <Link to={TAB_PATHS.audit}>Open the Audit screen</Link>
        </p>
      )}
    </Card>
  );
}
