import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { DrawerDialog } from '../../components/drawer-dialog';
import type { ShellNavItem } from '../../lib/shell';
import { MEMBERSHIP_PATH, MembershipDot } from './membership-dot';

/**
 * The primary menu's dialog: Radix keeps focus inside, closes on Escape and on Close, and locks page
 * scroll. Loaded the first time the menu opens (see primary-drawer.tsx), so that pages do not ship it.
 */
export default function PrimaryDrawerDialog({
  nav,
  siteName,
  membershipDot,
  open,
  onOpenChange,
  onClosed,
}: {
  nav: ShellNavItem[];
  siteName: string;
  membershipDot: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to: the Menu button. */
  onClosed: () => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <DrawerDialog
      side="left"
      testId="primary-menu"
      open={open}
      onOpenChange={onOpenChange}
      onClosed={onClosed}
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
              <NavEntry item={item} onNavigate={close} dot={membershipDot && item.href === MEMBERSHIP_PATH} />
            </li>
          ))}
          <li>
            <Link to="/" onClick={close} className="block rounded px-3 py-3 font-semibold hover:bg-surface">
              Home
            </Link>
          </li>
        </ul>
      </nav>
    </DrawerDialog>
  );
}

function NavEntry({ item, onNavigate, dot }: { item: ShellNavItem; onNavigate: () => void; dot: boolean }) {
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
              <Link to={link.href} onClick={onNavigate} className="block rounded px-3 py-2 hover:bg-surface">
                {link.label}
              </Link>
            </li>
          ))}
          {item.links.length === 0 ? (
            <li className="px-3 py-2 text-muted">Nothing on offer right now.</li>
          ) : null}
          {item.href ? (
            <li>
              <Link
                to={item.href}
                onClick={onNavigate}
                className="block rounded px-3 py-2 font-semibold hover:bg-surface"
              >
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
    <Link
      to={item.href ?? '/'}
      onClick={onNavigate}
      className="block rounded px-3 py-3 font-semibold hover:bg-surface"
    >
      {item.label}
      {dot ? <MembershipDot /> : null}
    </Link>
  );
}
