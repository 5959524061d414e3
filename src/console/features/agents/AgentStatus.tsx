// An agent's status (SPEC.md section 4): each status its own style, always with its name as text,
// so no status is told by colour alone.
import { Intent, Tag } from '@blueprintjs/core';
import type { StatusTypeName } from '../../../contract/roles';

const STYLES: Record<StatusTypeName, { intent: Intent; minimal: boolean }> = {
  Active: { intent: Intent.SUCCESS, minimal: false },
  InActive: { intent: Intent.NONE, minimal: true },
  Blacklisted: { intent: Intent.DANGER, minimal: false },
  Suspended: { intent: Intent.WARNING, minimal: false },
  Unvalidated: { intent: Intent.PRIMARY, minimal: true },
  'Fraud Blocked': { intent: Intent.DANGER, minimal: true },
};

/** 'Fraud Blocked' → 'agent-status-fraud-blocked'. */
export const statusClass = (name: string) => `agent-status agent-status-${name.toLowerCase().replace(/\s+/g, '-')}`;

export function AgentStatus({ name }: { name: string }) {
  // A status the console does not know yet still shows, plainly.
  const style = STYLES[name as StatusTypeName] ?? { intent: Intent.NONE, minimal: true };
  return (
    <Tag {...style} className={statusClass(name)}>
      {name}
    </Tag>
  );
}
