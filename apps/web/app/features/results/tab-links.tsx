import { Link } from 'react-router';

export type TabLink = { key: string; label: string; href: string; current: boolean };

/** Links between the views of one thing, styled as tabs; the current one is `aria-current="page"`. */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className="mt-6 border-b border-black/15">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={`block rounded-t-lg border px-4 py-2 font-semibold ${
                tab.current
                  ? 'border-black/15 border-b-page bg-page'
                  : 'border-transparent text-muted hover:underline'
              }`}
              data-testid={`tab-${tab.key}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
