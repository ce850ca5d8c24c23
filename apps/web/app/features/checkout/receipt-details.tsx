import type { ReceiptView } from './receipt-view';

/** The receipt: each order with its tickets, the amounts, how they were paid, and the pre-orders. */
/** The order's reference and date under a receipt's heading. */
export function ReceiptReference({ receipt }: { receipt: Pick<ReceiptView, 'checkoutId' | 'date'> }) {
  return (
    <p className="mt-2" data-testid="receipt-reference">
      Order <strong>{receipt.checkoutId}</strong>
      {receipt.date ? <span className="text-muted"> · {receipt.date}</span> : null}. We have emailed you a
      copy.
    </p>
  );
}

export function ReceiptDetails({ receipt }: { receipt: ReceiptView }) {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
      <section aria-labelledby="receipt-tickets-heading">
        <h2 id="receipt-tickets-heading" className="text-2xl font-bold">
          Your tickets
        </h2>
        <ul className="mt-4 grid gap-4" data-testid="receipt-orders">
          {receipt.orders.map((order) => (
            <li key={order.id} className="rounded-lg border border-black/15 p-4" data-testid="receipt-order">
              <div className="flex flex-wrap justify-between gap-2">
                <h3 className="text-lg font-semibold">
                  {order.description}{' '}
                  {order.quantity ? <span className="text-muted">{order.quantity}</span> : null}
                </h3>
                <span className="font-semibold">{order.total}</span>
              </div>
              {order.preOrder ? (
                <p className="text-sm text-muted">Pre-order: entered when its draw opens.</p>
              ) : null}
              <ul className="mt-2 grid gap-3">
                {order.tickets.map((ticket) => (
                  <li key={ticket.id} data-testid="receipt-ticket">
                    <p className="text-sm font-semibold">{ticket.draw}</p>
                    {ticket.games.length > 0 ? (
                      <ol className="mt-1 grid gap-1" aria-label="Games">
                        {ticket.games.map((game, index) => (
                          // Games are listed in the order played; a game's numbers may repeat another's.
                          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the game's identity
                          <li key={index} className="font-mono" data-testid="receipt-game">
                            <span className="sr-only">Game {index + 1}: </span>
                            {game}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                    {ticket.raffleNumbers ? (
                      <p data-testid="receipt-raffle-numbers">{ticket.raffleNumbers}</p>
                    ) : null}
                    {ticket.shares ? <p data-testid="receipt-shares">{ticket.shares}</p> : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid content-start gap-6">
        <section aria-labelledby="receipt-paid-heading" className="rounded-lg bg-surface p-4">
          <h2 id="receipt-paid-heading" className="text-xl font-bold">
            What you paid
          </h2>
          <dl className="mt-2 grid gap-1">
            {receipt.amounts.map((line) => (
              <div key={line.testId} className="flex justify-between">
                <dt>{line.label}</dt>
                <dd data-testid={line.testId}>{line.amount}</dd>
              </div>
            ))}
          </dl>
          {receipt.paidWith.length > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">Paid with</h3>
              <dl className="mt-1 grid gap-1">
                {receipt.paidWith.map((line) => (
                  <div key={line.testId} className="flex justify-between">
                    <dt>{line.label}</dt>
                    <dd data-testid={line.testId}>{line.amount}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : null}
          {receipt.promoCredit ? (
            <p className="mt-4" data-testid="receipt-promo-credit">
              {receipt.promoCredit} of promotional credit was added to your balance.
            </p>
          ) : null}
        </section>
        {receipt.preOrders.length > 0 ? (
          <section aria-labelledby="receipt-pre-orders-heading">
            <h2 id="receipt-pre-orders-heading" className="text-xl font-bold">
              Pre-orders
            </h2>
            <p className="text-sm text-muted">Charged to your balance when their draw opens.</p>
            <ul className="mt-2 grid gap-2" data-testid="receipt-pre-order-list">
              {receipt.preOrders.map((p) => (
                <li key={p.id} className="flex justify-between gap-2">
                  <span>
                    {p.description}
                    {p.draw ? <span className="text-muted"> · {p.draw}</span> : null}
                  </span>
                  <span>{p.amount}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
