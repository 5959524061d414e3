// A row's active flag in a list (SPEC.md section 2, Agencies and Campaigns): a tick for active, a
// cross for inactive, each named for a screen reader.
import { Colors } from '@blueprintjs/core';
import { Cross, Tick } from '@blueprintjs/icons';
import { ACTIVE_FLAG_WORDS } from '../../contract/constants';

export const ActiveMark = ({ active }: { active: boolean }) =>
  active ? <Tick color={Colors.GREEN3} title={ACTIVE_FLAG_WORDS.active} /> : <Cross color={Colors.RED3} title={ACTIVE_FLAG_WORDS.inactive} />;
