// Users (admin users, SPEC.md section 2): list with add/edit popup, for every admin role. The
// Mobile Number and Super Admin columns are a Super Admin's only (section 6). Changes waiting in
// the outbox show on their rows ('pending'). A user the caller may not change (the server says so
// on the row) is marked 'view only' and opens read-only, saying why.
import { Tag } from '@blueprintjs/core';
import { Tick } from '@blueprintjs/icons';
import type { AdminUser } from '../../../contract/entities';
import { ADMIN_FLAG_LABELS, adminUserReadOnly } from '../../../contract/roles';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { EditableListPage } from '../../components/EditableList';
import type { Column } from '../../components/ListTable';
import type { EditDialogProps } from '../../components/FormDialog';
import { adminUsersList } from './adminUsersApi';
import { dialog } from '../../components/OnFirstOpen';

const AdminUserDialog = dialog(() => import('./AdminUserDialog'), 'AdminUserDialog');
const AdminUserFacts = dialog(() => import('./AdminUserDialog'), 'AdminUserFacts');

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
          { label: ADMIN_FLAG_LABELS.is_super, cell: (row: AdminUser) => (row.is_super ? <Tick title="Yes" /> : null) },
        ]
      : []),
    { label: 'Linked agencies', cell: linkedAgencyNames },
  ];
}

const ViewOnly = ({ reason }: { reason: string }) => (
  <Tag minimal className="console-row-note" title={reason}>
    view only
  </Tag>
);

/** A row the caller may not change opens read-only; a refused change opened again from the outbox opens its form, with the refusal. */
function UserDialog({ open, callerIsSuper }: { open: EditDialogProps<AdminUser>; callerIsSuper: boolean }) {
  const readOnly = open.row && !open.retry ? adminUserReadOnly(open.row) : null;
  return readOnly && open.row ? (
    <AdminUserFacts user={open.row} reason={readOnly} onClose={open.onClose} />
  ) : (
    <AdminUserDialog {...open} callerIsSuper={callerIsSuper} />
  );
}

export function UsersPage() {
  const callerIsSuper = useCallerIsSuper();
  return (
    <EditableListPage<AdminUser>
      title="Users"
      addLabel="Add user"
      rowsAre="users"
      columns={columnsFor(callerIsSuper)}
      list={adminUsersList}
      emptyText="No users found"
      // A user whose roles or rights reach beyond the caller's is a Super Admin's to change.
      rowNote={(row) => {
        const readOnly = adminUserReadOnly(row);
        return readOnly && <ViewOnly reason={readOnly} />;
      }}
      dialog={(open) => <UserDialog open={open} callerIsSuper={callerIsSuper} />}
    />
  );
}
