import { type RefObject, useEffect } from 'react';

const GAP_PX = 8;

/**
 * Keeps focused controls out from under the sticky parts of the page (WCAG 2.4.11): the page's
 * scroll padding is set to the height of the sticky bars at its top (the announcement) and of the
 * sticky `bottom` element (the play panel's summary), so that the browser scrolls a control that
 * gets focus clear of them. The bars at the top are the body's own sticky or fixed children pinned
 * to the top; they are measured again whenever one of them or the bottom element changes size.
 */
export function useStickyScrollPadding(bottom: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    const observer = new ResizeObserver(() => update());
    function topBars(): HTMLElement[] {
      return [...document.body.children].filter((el): el is HTMLElement => {
        if (!(el instanceof HTMLElement)) return false;
        const style = getComputedStyle(el);
        return (style.position === 'sticky' || style.position === 'fixed') && style.top === '0px';
      });
    }
    function update() {
      const top = Math.max(0, ...topBars().map((el) => el.getBoundingClientRect().height));
      root.style.scrollPaddingTop = `${Math.ceil(top) + GAP_PX}px`;
      root.style.scrollPaddingBottom = `${(bottom.current?.offsetHeight ?? 0) + GAP_PX}px`;
    }
    update();
    for (const el of topBars()) observer.observe(el);
    if (bottom.current) observer.observe(bottom.current);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [bottom]);
}
