import { Form, Link } from 'react-router';
import type { ItemView } from './cart-view';

/**
 * The cart's items: description, draw, games, unit price and total; on /cart also Edit (lottery
 * entries) and Remove, which posts `intent=remove` to the page's action.
 */
export function CartLines({
  items,
  editable,
  removing,
}: {
  items: ItemView[];
  editable: boolean;
  /** The id of the item being removed, whose button is off meanwhile. */
  removing?: string;
}) {
  return (
    <ul className="grid gap-4">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg bg-surface p-4" data-testid={`cart-item-${item.id}`}>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h2 className="text-lg font-bold">{item.description}</h2>
              {item.draw ? <p className="text-sm">{item.draw}</p> : null}
              {item.gameCount ? <p className="text-sm">{item.gameCount}</p> : null}
              {item.recurs ? (
                <p className="text-sm font-semibold" data-testid="cart-item-recurs">
                  {item.recurs}
                </p>
              ) : null}
              {item.games.length > 0 ? (
                <ol className="mt-2 grid gap-1 font-mono text-sm" aria-label="Games">
                  {item.games.map((game, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: games have no ids; their order is the entry's
                    <li key={index}>
                      <span className="sr-only">Game {index + 1}: </span>
                      {game}
                    </li>
                  ))}
                </ol>
              ) : null}
            </div>
            <dl className="text-right">
              <dt className="text-sm">Unit price</dt>
              <dd className="font-semibold">{item.unitPrice}</dd>
              <dt className="text-sm">Total</dt>
              <dd className="font-bold" data-testid={`cart-item-total-${item.id}`}>
                {item.total}
              </dd>
            </dl>
          </div>
          <p className="mt-2 text-sm">
            <Link to={item.termsHref} className="link" data-testid={`cart-terms-${item.id}`}>
              Terms and conditions<span className="sr-only"> of {item.description}</span>
            </Link>
          </p>
          {editable ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              {item.editHref ? (
                <Link
                  to={item.editHref}
                  className="rounded border border-current px-3 py-1 font-semibold"
                  data-testid={`cart-edit-${item.id}`}
                >
                  Edit<span className="sr-only"> {item.description}</span>
                </Link>
              ) : null}
              <Form method="post">
                <input type="hidden" name="itemId" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  disabled={removing === item.id}
                  className="rounded border border-current px-3 py-1 font-semibold"
                  data-testid={`cart-remove-${item.id}`}
                >
                  Remove<span className="sr-only"> {item.description}</span>
                </button>
              </Form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
