import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A header button that opens a drawer whose code is fetched only when wanted: when the visitor points
 * at, focuses or presses the button (so first page loads do not carry it). Following a link closes
 * the drawer; closing it returns focus to the button.
 */
export function useDrawerButton(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setOpen(false), [location.key]);
  const prefetch = () => {
    load().catch(() => undefined);
  };
  return {
    open,
    setOpen,
    /** True once the drawer was asked for: render it (lazily) from then on. */
    wanted,
    returnFocus: () => button.current?.focus(),
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    },
  };
}
