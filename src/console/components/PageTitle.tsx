// A screen's title, its one h1 (axe, screen readers' heading navigation), drawn at the size the
// screens have always shown it (Blueprint's H2); and the titles of the sections under it (h2, drawn
// as Blueprint's H4), so heading levels never skip one.
import { Classes } from '@blueprintjs/core';
import { forwardRef, type HTMLAttributes } from 'react';

type HeadingProps = HTMLAttributes<HTMLHeadingElement>;

export const PageTitle = forwardRef<HTMLHeadingElement, HeadingProps>(function PageTitle({ className, ...props }, ref) {
  return <h1 ref={ref} className={`${Classes.HEADING} console-page-title${className ? ` ${className}` : ''}`} {...props} />;
});

/** A section's title: h2 under the page's h1, h3 for a section within one (`level`). */
export function SectionTitle({ className, level = 2, ...props }: HeadingProps & { level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return <Heading className={`${Classes.HEADING} console-section-title${className ? ` ${className}` : ''}`} {...props} />;
}
