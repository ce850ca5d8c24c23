import { Link, NavLink } from 'react-router';
import { PageLinks } from '../../components/page-links';
import { listPath, type TicketListView } from './ticket-list-view';

const TITLE: Record<TicketListView['kind'], string> = { upcoming: 'Upcoming tickets', past: 'Past tickets' };

const EMPTY: Record<TicketListView['kind'], string> = {
  upcoming: 'No upcoming tickets. Tickets for draws still to come will be listed here.',
  past: 'No past tickets yet. Once a draw of your tickets has its results, they will be listed here.',
};

/** A page of the upcoming or past tickets, each linking its ticket page, and the pages. */
export function TicketList({ list }: { list: TicketListView }) {
  return (
    <>
      {list.rows.length === 0 ? (
        <p className="mt-6 rounded-lg bg-surface p-6" data-testid="tickets-empty">
          {EMPTY[list.kind]}
        </p>
      ) : (
        <ul className="mt-6 grid gap-3" data-testid="ticket-list">
          {list.rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-black/15 p-4"
              data-testid="ticket-row"
            >
              <div className="min-w-0">
                <h2 className="text-lg font-semibold">
                  <Link to={row.href} className="link">
                    {row.title}
                  </Link>
                </h2>
                <p className="text-sm">{row.draw}</p>
                <p className="text-sm text-muted">
                  {row.bought} · {row.total}
                </p>
                {row.replayHref ? (
                  <Link to={row.replayHref} className="link text-sm" data-testid="ticket-row-buy-again">
                    Buy these again<span className="sr-only">: {row.title}</span>
                  </Link>
                ) : null}
              </div>
              {row.outcome ? (
                <p
                  className={`rounded px-2 py-1 font-semibold ${row.won ? 'bg-accent text-on-accent' : 'bg-surface'}`}
                  data-testid="ticket-row-outcome"
                >
                  {row.outcome}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        label="Ticket pages"
        page={list.page}
        pages={list.pages}
        previous={list.previous}
        next={list.next}
        testId="tickets-page"
      />
    </>
  );
}

/** Links between the ticket pages: upcoming, past, and the printable upcoming tickets. */
export function TicketTabs() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded px-3 py-1.5 font-semibold ${isActive ? 'bg-surface underline underline-offset-4' : 'hover:underline'}`;
  return (
    <nav aria-label="Tickets" className="mt-4 flex flex-wrap gap-2 print:hidden">
      <NavLink to={listPath('upcoming')} className={tab}>
        Upcoming
      </NavLink>
      <NavLink to={listPath('past')} className={tab}>
        Past
      </NavLink>
      <NavLink to="/my-account/print-tickets" className={tab}>
        Print tickets
      </NavLink>
    </nav>
  );
}

/** The upcoming or past tickets page. */
export function TicketListPage({ list }: { list: TicketListView }) {
  return (
    <section aria-labelledby="tickets-heading" data-testid={`${list.kind}-tickets`}>
      <h1 id="tickets-heading" className="text-3xl font-extrabold">
        {TITLE[list.kind]}
      </h1>
      <TicketTabs />
      <TicketList list={list} />
    </section>
  );
}
