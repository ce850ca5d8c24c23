import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ShellNavItem } from '../lib/shell';

/**
 * The primary menu: a Radix dialog sliding in from the left (focus trapped inside, Escape and the
 * Close button close it, page scroll locked). Drawer items (lotto, raffle, social play, results)
 * open in place to list the offers of their category.
 */
export function PrimaryDrawer({ nav, siteName }: { nav: ShellNavItem[]; siteName: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setOpen(false), [location.key]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        data-testid="primary-menu-button"
        className="inline-flex items-center gap-2 rounded px-3 py-2 font-semibold hover:underline"
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          data-testid="primary-menu"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[90vw] flex-col overflow-y-auto bg-page text-ink shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-black/10 p-4">
            <Dialog.Title className="text-lg font-bold">{siteName} menu</Dialog.Title>
            <Dialog.Close
              className="rounded px-3 py-2 font-semibold hover:underline"
              data-testid="primary-menu-close"
            >
              Close<span className="sr-only"> menu</span>
            </Dialog.Close>
          </div>
          <nav aria-label="Primary menu" className="p-2">
            <ul className="flex flex-col">
              {nav.map((item) => (
                <li key={`${item.type}-${item.label}`}>
                  <NavEntry item={item} />
                </li>
              ))}
              <li>
                <Link to="/" className="block rounded px-3 py-3 font-semibold hover:bg-surface">
                  Home
                </Link>
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NavEntry({ item }: { item: ShellNavItem }) {
  if (item.links) {
    return (
      <details className="group" data-testid={`nav-drawer-${item.type}`}>
        <summary className="flex cursor-pointer items-center justify-between rounded px-3 py-3 font-semibold hover:bg-surface">
          {item.label}
          <span aria-hidden="true" className="transition-transform group-open:rotate-90">
            ›
          </span>
        </summary>
        <ul className="mb-2 ml-3 border-l border-black/10 pl-2">
          {item.links.map((link) => (
            <li key={link.href}>
              <Link to={link.href} className="block rounded px-3 py-2 hover:bg-surface">
                {link.label}
              </Link>
            </li>
          ))}
          {item.links.length === 0 ? (
            <li className="px-3 py-2 text-muted">Nothing on offer right now.</li>
          ) : null}
          {item.href ? (
            <li>
              <Link to={item.href} className="block rounded px-3 py-2 font-semibold hover:bg-surface">
                See all {item.label}
              </Link>
            </li>
          ) : null}
        </ul>
      </details>
    );
  }
  if (item.type === 'external') {
    return (
      <a
        href={item.href ?? '#'}
        rel="noopener"
        className="block rounded px-3 py-3 font-semibold hover:bg-surface"
      >
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.href ?? '/'} className="block rounded px-3 py-3 font-semibold hover:bg-surface">
      {item.label}
    </Link>
  );
}
