import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side page change, focus goes to the new page's heading (the first h1 of `main`,
 * else `main` itself), as a full page load would start a screen reader there; without it focus is
 * left on `<body>` or on a link that is gone. The first render, changes of the query or hash only
 * (filters, tabs, anchors) and a dialog the new page opened leave focus where it is.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A dialog the new page opened (its heading already focused) keeps the focus.
    if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    const target = main.querySelector<HTMLElement>('h1') ?? main;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, mainId]);
  return null;
}
