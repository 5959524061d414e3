// The screen registry: the side menu it derives (the visibility table of SPEC.md section 2), and
// every grid, report list and service report given its screen.
import { describe, expect, it } from 'vitest';
import { GRIDS } from '../../contract/grids';
import { REPORT_HOME_NAMES, REPORT_HOMES, SERVICE_REPORT_NAMES } from '../../contract/reports';
import { isAdminRoleType, type RoleType } from '../../contract/roles';
import { MENU_GROUPS, SCREEN_LIST, SCREENS, sideMenu, tabOfGrid } from './screens';
import { QUEUE_SCREENS, SERVICE_REPORT_SCREENS } from './paths';

describe('sideMenu: the visibility table of SPEC.md section 2', () => {
  const ALL: RoleType[] = ['Super Admin', 'Agency Admin', 'Campaign Admin', 'Agent', 'Gifter'];
  const allBut = (...hidden: RoleType[]) => ALL.filter((r) => !hidden.includes(r));

  const TABLE: Array<[string, RoleType[]]> = [
    ['Stats', ALL],
    ['Agencies', allBut('Agent', 'Gifter')],
    ['Campaigns', allBut('Gifter')],
    ['Agents', ['Super Admin', 'Campaign Admin', 'Agency Admin']],
    ['Secure Page', allBut('Gifter')],
    ['Agent Event Report', allBut('Agent', 'Gifter')],
    ['Event Detail Report', allBut('Agent', 'Gifter')],
    ['Conversion Report', allBut('Agent', 'Gifter')],
    ['Payment Run', ['Super Admin', 'Campaign Admin']],
    ['Logout', ALL],
  ];
  const cases = TABLE.flatMap(([label, visibleTo]) =>
    ALL.map((roleType) => [label, roleType, visibleTo.includes(roleType)] as [string, RoleType, boolean]),
  );

  it.each(cases)('%s for %s: visible %s', (label, roleType, visible) => {
    const labels = sideMenu(roleType).map((item) => item.label);
    expect(labels.includes(label)).toBe(visible);
  });

  it.each(['Agent Event Report', 'Event Detail Report', 'Conversion Report'])(
    '%s is flagged requiresReportsOtp',
    (label) => {
      const item = sideMenu('Super Admin').find((i) => i.label === label);
      expect(item?.requiresReportsOtp).toBe(true);
    },
  );

  it.each(ALL)('for %s only the three report items require the reports OTP', (roleType) => {
    const flagged = sideMenu(roleType)
      .filter((item) => item.requiresReportsOtp)
      .map((item) => item.label);
    const expected = isAdminRoleType(roleType) ? ['Agent Event Report', 'Event Detail Report', 'Conversion Report'] : [];
    expect(flagged).toEqual(expected);
  });

  it.each(ALL)('for %s Stats comes first and Logout last, with no duplicates', (roleType) => {
    const items = sideMenu(roleType);
    expect(items[0]?.label).toBe('Stats');
    expect(items.at(-1)?.label).toBe('Logout');
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it.each([
    ['Agent', ['Stats', 'Campaigns', 'Secure Page', 'Logout']],
    ['Gifter', ['Stats', 'Logout']],
  ] as Array<[RoleType, string[]]>)('%s sees exactly %j', (roleType, labels) => {
    expect(sideMenu(roleType).map((i) => i.label)).toEqual(labels);
  });

  it.each(ALL)('for %s each group is one run of items, the groups in the order of MENU_GROUPS', (roleType) => {
    const runs = sideMenu(roleType)
      .map((item) => item.group)
      .filter((group, index, groups) => group !== groups[index - 1]);
    const named = runs.filter((group) => group !== undefined);
    expect(new Set(named).size).toBe(named.length);
    expect(named).toEqual(MENU_GROUPS.filter((group) => named.includes(group)));
  });

  it('groups the items as DESIGN.md does', () => {
    const groupOf = (label: string) => sideMenu('Super Admin').find((item) => item.label === label)?.group;
    expect(['Agencies', 'Campaigns', 'Agents'].map(groupOf)).toEqual(['Programme', 'Programme', 'Programme']);
    expect(['Agent Payments', 'Pending Payments', 'Payment Run', 'Payment Run Report'].map(groupOf)).toEqual(Array(4).fill('Payments'));
    expect(['Users', 'Whitelists', 'Event Types', 'Countries', 'Languages'].map(groupOf)).toEqual(Array(5).fill('Settings'));
    expect(['Agent Event Report', 'Agent Grouped Events', 'Fraud Events'].map(groupOf)).toEqual(Array(3).fill('Reports'));
    expect(['Stats', 'Secure Page', 'Logout'].map(groupOf)).toEqual([undefined, undefined, undefined]);
  });

  it('menu items carry no visibility function', () => {
    for (const item of sideMenu('Super Admin')) expect(Object.keys(item)).not.toContain('visible');
  });
});

describe('the registry: every grid, report list and service report has its one screen', () => {
  it('shows each grid on exactly one tab', () => {
    for (const grid of GRIDS) expect(SCREEN_LIST.filter(([, screen]) => screen.grid === grid.id).map(([tab]) => tab), grid.id).toEqual([tabOfGrid(grid.id)]);
  });

  it('gives each report list a queue screen showing its own grid, and each service report a screen', () => {
    for (const home of REPORT_HOME_NAMES) expect(SCREENS[tabOfGrid(REPORT_HOMES[home])].queue, home).toBe(home);
    expect(Object.keys(QUEUE_SCREENS).sort()).toEqual([...REPORT_HOME_NAMES].sort());
    expect(Object.keys(SERVICE_REPORT_SCREENS).sort()).toEqual([...SERVICE_REPORT_NAMES].sort());
  });
});
