// Blueprint's NonIdealState with its title as text rather than the h4 it draws: an empty list or a
// failure is no section of the page, and an h4 under a screen's h1 skips heading levels (axe).
// `titleAs="h1"` makes the title the screen's own heading (the stats screen's welcome).
import { Classes, NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

export function EmptyState({ title, description, titleAs: Title = 'p', ...props }: NonIdealStateProps & { titleAs?: 'p' | 'h1' }) {
  const text = typeof description === 'string' || typeof description === 'number' ? <div>{description}</div> : description;
  return (
    <NonIdealState
      {...props}
      description={
        title == null ? text : (
          <>
            <Title className={`${Classes.HEADING} console-empty-title`}>{title}</Title>
            {text}
          </>
        )
      }
    />
  );
}
