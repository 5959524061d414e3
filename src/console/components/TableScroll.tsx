// A table's scrolling box: a wide table scrolls sideways inside the page on a tablet instead of
// running off it. While part of the table is hidden, the box is marked (`console-table-scroll-more`,
// the shadow at the row actions, listTable.css) and takes the keyboard's focus under the table's name,
// so a keyboard alone can scroll it (axe: scrollable-region-focusable); a box that fits adds no Tab stop.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';

export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const observer = useRef<ResizeObserver>();
  useEffect(() => () => observer.current?.disconnect(), []);
  const watch = useCallback((box: HTMLDivElement | null) => {
    observer.current?.disconnect();
    if (!box) return;
    const mark = () => {
      box.classList.toggle('console-table-scroll-more', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
      const overflows = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      if (overflows) {
        box.tabIndex = 0;
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', `${label}: scrolls`);
      } else {
        box.removeAttribute('tabindex');
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
      }
    };
    box.addEventListener('scroll', mark, { passive: true });
    if (typeof ResizeObserver === 'function') {
      observer.current = new ResizeObserver(mark);
      observer.current.observe(box);
      if (box.firstElementChild) observer.current.observe(box.firstElementChild);
    }
    mark();
  }, [label]);
  return (
    <div className={`console-table-scroll${className ? ` ${className}` : ''}`} ref={watch}>
      {children}
    </div>
  );
}
