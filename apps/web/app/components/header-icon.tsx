import type { ReactNode } from 'react';

/** A 24-unit line icon of the header's buttons and links (decorative: the text beside it names it). */
export function HeaderIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
