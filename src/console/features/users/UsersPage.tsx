// Users (admin users, SPEC.md section 2): list with add/edit popup, for every admin role. The
// Mobile Number and Super Admin columns are a Super Admin's only (section 6). Changes waiting in
// the outbox show on their rows ('pending').
import { Button, H2, Intent, Tag } from '@blueprintjs/core';
import { Plus, Tick } from '@blueprintjs/icons';
import { useState } from 'react';
import type { AdminUser } from '../../../contract/entities';
import { isSuperAdmin } from '../../../contract/roles';
import { useAppSelector } from '../../app/hooks';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { AdminUserDialog } from './AdminUserDialog';
import { useAdminUsersQuery, withQueuedAdminUser } from './adminUsersApi';

/** The first two agency names, then 'N more' (as the campaign dropdown of SPEC.md section 2 reads); all in the tooltip. */
function linkedAgencyNames(user: AdminUser) {
  const names = user.linked_agencies.filter((link) => link.linked).map((link) => link.agency_name);
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? <span title={names.join(', ')}>{`${shown}, ${names.length - 2} more`}</span> : shown;
}

function columnsFor(callerIsSuper: boolean): Array<Column<AdminUser>> {
  return [
    { label: 'Email', sort: 'email', cell: (row) => row.email },
    { label: 'First name', sort: 'firstname', cell: (row) => row.firstname },
    { label: 'Last name', sort: 'lastname', cell: (row) => row.lastname },
    ...(callerIsSuper
      ? [
          { label: 'Mobile Number', cell: (row: AdminUser) => row.msisdn ?? '' },
          { label: 'Super Admin', cell: (row: AdminUser) => (row.is_super ? <Tick title="Yes" /> : null) },
        ]
      : []),
    { label: 'Linked agencies', cell: linkedAgencyNames },
  ];
}

const overlay = { endpoint: 'saveAdminUser', apply: withQueuedAdminUser };

export const VIEW_ONLY_TITLE = 'This user holds roles or rights beyond yours: only a Super Admin can change them.';
const ViewOnly = () => (
  <Tag minimal className="console-row-note" title={VIEW_ONLY_TITLE}>
    view only
  </Tag>
);

export function UsersPage() {
  const callerIsSuper = isSuperAdmin(useAppSelector((state) => state.session.user?.role_type ?? ''));
  const list = useListParams('email');
  const { data, isFetching, isError } = useAdminUsersQuery(list.query);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const pending = usePendingRows<AdminUser>('AdminUser', overlay);
  const retry = useOutboxRetry('saveAdminUser');
  return (
    <section>
      <header className="console-page-header">
        <H2>Users</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add user
        </Button>
      </header>
      <PendingNewRows entries={pending.added} />
      <ListTable<AdminUser>
        label="Users"
        columns={columnsFor(callerIsSuper)}
        rows={pending.rows(data?.data)}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The users could not be loaded.' : undefined}
        emptyText="No users found"
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
        // A user whose roles or rights reach beyond the caller's is a Super Admin's to change.
        canOpen={(row) => row.editable}
        rowNote={(row) => pending.note(row) ?? (row.editable ? null : <ViewOnly />)}
      />
      {retry.entry ? (
        <AdminUserDialog key={retry.entry.key} retry={retry.entry} callerIsSuper={callerIsSuper} onClose={retry.finish} />
      ) : (
        editing && (
          <AdminUserDialog user={editing === 'new' ? undefined : editing} callerIsSuper={callerIsSuper} onClose={() => setEditing(null)} />
        )
      )}
    </section>
  );
}
