// The Stats tab (issue 35), the first screen after sign-in: what needs attention now, the headline
// figures of a period beside the previous period's, what changed lately (the audit trail), and the
// period's charts, all within the admin's scope (the server's). The period is in the address; every
// figure and bar links to the grid holding its rows, with the same filters. The answers are kept
// like every read, so offline the tab shows the last of them under the 'Offline, data as of' banner.
import './stats.css';
import { Button, ButtonGroup, Classes, Spinner } from '@blueprintjs/core';
import { Dashboard } from '@blueprintjs/icons';
import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { STATS_DEFAULT_DAYS } from '../../../contract/constants';
import { isAdminRoleType, type AdminRoleType } from '../../../contract/roles';
import { useAppSelector } from '../../ground/hooks';
import { DateField } from '../../components/DateField';
import { EmptyState } from '../../components/EmptyState';
import { NotLoadedOffline, useShownAnswer } from '../../components/NotLoadedOffline';
import { PageTitle, SectionTitle } from '../../components/PageTitle';
import { AttentionList } from './AttentionSection';
import { FiguresList } from './FiguresSection';
import { lazyNamed } from '../../components/lazyNamed';
import { useStatsAttentionQuery, useStatsChartsQuery, useStatsFiguresQuery } from './statsApi';
import { lastDays, useStatsPeriod, type Period } from './statsPeriod';

const PRESETS = [7, STATS_DEFAULT_DAYS, 90] as const;

// The charts, their code and their answer, come when their section comes into the window: signing
// in lands here, and a sign-in that goes on to another screen before scrolling does not wait for
// them (tests/e2e/transfer.test.ts). Offline, charts never scrolled to online have no last answer.
const StatsChartsSection = lazyNamed(() => import('./StatsCharts'), 'StatsChartsSection');
// The latest changes (the audit trail's 'What changed') come the same way.
const LatestChanges = lazyNamed(() => import('../audit/LatestChanges'), 'LatestChanges');

/**
 * Whether the element has come into the window (once true, true), watched from when `watching`
 * (the sections above it drawn, so it is where it stays); at once where there is no IntersectionObserver.
 */
function useInView<T extends Element>(watching: boolean): [RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !watching || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, watching]);
  return [ref, near];
}

interface Answered<T> {
  data?: T;
  currentData?: T;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
}

/** A card group's answer, or what stands in for it: loading, failed, or not loaded offline. */
function Shown<T>({ query, name, children }: { query: Answered<T>; name: string; children(answer: T): ReactNode }) {
  const { answer, failed, notLoaded } = useShownAnswer(query, name);
  if (answer !== undefined) return <div className={query.isFetching ? 'stats-refreshing' : undefined}>{children(answer)}</div>;
  if (notLoaded) return <NotLoadedOffline back={notLoaded.back} />;
  if (failed) {
    const error = query.error as { text?: string; message?: string } | undefined;
    return <EmptyState title="Could not load these figures" description={error?.text ?? error?.message} />;
  }
  return <Spinner size={24} className="console-centered" aria-label="Loading" />;
}

function PeriodPicker({ period, today, setPeriod }: { period: Period; today: string; setPeriod: ReturnType<typeof useStatsPeriod>['setPeriod'] }) {
  const date = (which: 'start' | 'end', label: string) => (
    <DateField id={`stats-${which}`} label={label} className="stats-date" value={period[which]} onChange={(value) => setPeriod(which, { ...period, [which]: value })} />
  );
  return (
    <div className="stats-period" role="group" aria-label="Period">
      {date('start', 'Start Date')}
      {date('end', 'End Date')}
      <ButtonGroup className="stats-presets">
        {PRESETS.map((days) => {
          const preset = lastDays(days, today);
          const on = preset.start === period.start && preset.end === period.end;
          return (
            <Button key={days} active={on} aria-pressed={on} onClick={() => setPeriod('both', preset)}>
              {`Last ${days} days`}
            </Button>
          );
        })}
      </ButtonGroup>
    </div>
  );
}

export function StatsPage() {
  const user = useAppSelector((state) => state.session.user);
  const role = user?.role_type;
  if (!role || !isAdminRoleType(role)) {
    // The figures are an admin's (the calls refuse anyone else): a welcome, and no invented figures.
    return (
      <EmptyState
        icon={<Dashboard size={48} />}
        titleAs="h1"
        title={`Welcome, ${user?.firstname ?? ''}`}
        description={`Signed in as ${role ?? ''}. Choose a screen in the menu.`}
      />
    );
  }
  return <AdminStats firstname={user?.firstname ?? ''} role={role} />;
}

function AdminStats({ firstname, role }: { firstname: string; role: AdminRoleType }) {
  const { period, today, query, setPeriod } = useStatsPeriod();
  const attention = useStatsAttentionQuery();
  const figures = useStatsFiguresQuery(query);
  const [chartsRef, chartsNear] = useInView<HTMLElement>(!attention.isLoading && !figures.isLoading);
  const charts = useStatsChartsQuery(query, { skip: !chartsNear });
  const [changesRef, changesNear] = useInView<HTMLDivElement>(!attention.isLoading && !figures.isLoading);
  return (
    <div className="stats-page">
      <header className="console-page-header stats-header">
        <PageTitle>Stats</PageTitle>
        <p className={Classes.TEXT_MUTED}>{`Welcome, ${firstname}. Signed in as ${role}. The figures count the rows you may see.`}</p>
      </header>
      <section aria-labelledby="stats-attention-title" className="stats-section">
        <SectionTitle id="stats-attention-title">Needs attention</SectionTitle>
        <Shown query={attention} name="attention">
          {(answer) => <AttentionList attention={answer} role={role} />}
        </Shown>
      </section>
      <section aria-labelledby="stats-figures-title" className="stats-section">
        <SectionTitle id="stats-figures-title">Figures for the period</SectionTitle>
        <PeriodPicker period={period} today={today} setPeriod={setPeriod} />
        <Shown query={figures} name="figures">
          {(answer) => <FiguresList figures={answer} role={role} />}
        </Shown>
      </section>
      <div className="stats-section" ref={changesRef}>
        {changesNear && (
          <Suspense fallback={<Spinner size={24} className="console-centered" aria-label="Loading" />}>
            <LatestChanges />
          </Suspense>
        )}
      </div>
      <section aria-labelledby="stats-charts-title" className="stats-section" ref={chartsRef}>
        <SectionTitle id="stats-charts-title">Charts for the period</SectionTitle>
        {/* Not asked for before it nears the window: nothing is loading, so no spinner says so. */}
        {chartsNear && (
          <Suspense fallback={<Spinner size={24} className="console-centered" aria-label="Loading" />}>
            <Shown query={charts} name="charts">
              {(answer) => <StatsChartsSection charts={answer} period={period} today={today} role={role} />}
            </Shown>
          </Suspense>
        )}
      </section>
    </div>
  );
}
