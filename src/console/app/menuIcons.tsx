// The side menu's icons: what a collapsed menu shows of each item (its label is the icon's name).
import {
  BankAccount, Clipboard, Dashboard, Document, Dollar, Endorsed, Flag, Globe, GridView, HeatGrid, Lock, LogOut, Office, People,
  Person, Projects, Pulse, Tag, Th, ThDerived, ThList, TimelineEvents, Translate, WarningSign,
} from '@blueprintjs/icons';
import type { ReactElement } from 'react';
import type { MenuItem } from '../../contract/roles';

export const MENU_ICONS: Record<MenuItem['id'], ReactElement> = {
  stats: <Dashboard />,
  agencies: <Office />,
  campaigns: <Flag />,
  agents: <People />,
  agenteventreport: <Document />,
  agenteventdetailreport: <ThList />,
  commreport: <Endorsed />,
  agenteventsgrid: <Th />,
  agenteventdetailsgrid: <GridView />,
  conversiongrid: <ThDerived />,
  retentioneventreport: <HeatGrid />,
  retentioneventdetailreport: <TimelineEvents />,
  agentfraudreport: <WarningSign />,
  agentpayreport: <Dollar />,
  payments: <Projects />,
  paymentruns: <BankAccount />,
  paymentrunreport: <Clipboard />,
  admins: <Person />,
  whitelist: <Tag />,
  eventtypes: <Pulse />,
  countries: <Globe />,
  languages: <Translate />,
  securepage: <Lock />,
  logout: <LogOut />,
};
