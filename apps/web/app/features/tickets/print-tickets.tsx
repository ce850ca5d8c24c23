import { Link } from 'react-router';
import { TicketDetail } from './ticket-detail';
import { type OrderView, printedPrice } from './ticket-detail-view';
import { TicketTabs } from './ticket-list';
import { listPath } from './ticket-list-view';

/** Opens the browser's print dialog (the page's print stylesheet leaves only the tickets). */
export function PrintButton() {
  return (
    <button
      type="button"
      className="button-primary print:hidden"
      data-testid="print-button"
      onClick={() => window.print()}
    >
      Print
    </button>
  );
}

/** Every upcoming ticket, one per printed page, under its order's name and price. */
export function PrintTickets({ orders }: { orders: readonly OrderView[] }) {
  return (
    <>
      <TicketTabs />
      {orders.length === 0 ? (
        <p className="mt-6 rounded-lg bg-surface p-6 print:hidden" data-testid="print-tickets-empty">
          No upcoming tickets to print.{' '}
          <Link to={listPath('past')} className="link">
            See your past tickets
          </Link>
          .
        </p>
      ) : (
        <div className="mt-6 grid gap-6 print:block">
          {orders.flatMap((order) =>
            order.tickets.map((ticket, index) => (
              <div key={ticket.id} data-print-ticket="" className="print:mb-0">
                <p className="mb-2 text-lg font-bold">
                  {order.title}{' '}
                  <span className="font-normal text-muted" data-testid="print-ticket-price">
                    · {printedPrice(order, index)}
                  </span>
                </p>
                <TicketDetail ticket={ticket} />
              </div>
            )),
          )}
        </div>
      )}
    </>
  );
}
