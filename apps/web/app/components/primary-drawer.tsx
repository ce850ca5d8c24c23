import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ShellNavItem } from '../lib/shell';

const loadDialog = () => import('./primary-drawer-dialog');
const PrimaryDrawerDialog = lazy(loadDialog);

/**
 * The Menu button and the primary menu drawer. The drawer (a Radix dialog) is fetched when the
 * visitor points at, focuses or presses the button, so the first page load does not carry it.
 */
export function PrimaryDrawer({ nav, siteName }: { nav: ShellNavItem[]; siteName: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setOpen(false), [location.key]);

  const prefetch = () => {
    loadDialog().catch(() => undefined);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid="primary-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex items-center gap-2 rounded px-2 py-2 font-semibold hover:underline sm:px-3"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        Menu
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <PrimaryDrawerDialog
            nav={nav}
            siteName={siteName}
            open={open}
            onOpenChange={setOpen}
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
