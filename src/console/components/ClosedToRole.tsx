// A real screen the signed-in role may not use (typed or bookmarked): it says so and the admin stays
// signed in. Only a path that is no screen at all signs out (SPEC.md section 2; docs/decisions.md).
import { Classes } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { Link } from 'react-router-dom';
import type { RoleType } from '../../contract/roles';
import { EmptyState } from './EmptyState';

const article = (role: string) => (/^[AEIOU]/.test(role) ? 'an' : 'a');

export function ClosedToRole({ title, role }: { title: string; role: RoleType }) {
  return (
    <EmptyState
      icon={<Lock size={48} />}
      titleAs="h1"
      title={title}
      description={`${title} is not open to ${article(role)} ${role}: the side menu lists the screens your role may use.`}
      // A button's size: a 44 px target on a tablet.
      action={<Link to="/" className={`${Classes.BUTTON} ${Classes.LARGE} ${Classes.INTENT_PRIMARY}`}>Go to Stats</Link>}
    />
  );
}
