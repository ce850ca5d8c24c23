import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table, a chart) is wider than the screen.
 * It is a named region (a section with a name) in the tab order, so a keyboard user can reach it and scroll it with the
 * arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  /** What scrolls: "Prize divisions", "Your transactions". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </section>
  );
}
