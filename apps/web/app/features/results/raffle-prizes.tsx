import { ScrollRegion } from '../../components/scroll-region';
import { ColumnHeads } from './column-heads';
import type { RafflePrizeView } from './results-view';

/** A raffle draw's winning ticket numbers, prize by prize. */
export function RaffleWinningTickets({ prizes }: { prizes: readonly RafflePrizeView[] }) {
  const won = prizes.filter((p) => p.winningTicket !== null);
  if (won.length === 0) return <p className="text-muted">No winning tickets yet.</p>;
  return (
    <ol className="flex flex-col gap-1" data-testid="raffle-winning-tickets">
      {won.map((p) => (
        <li key={p.rank}>
          <span className="font-semibold">Prize {p.rank}:</span> ticket{' '}
          <span className="font-mono font-bold">{p.winningTicket}</span>
          <span className="text-muted"> · {p.name}</span>
        </li>
      ))}
    </ol>
  );
}

const PRIZE_COLUMNS = ['Prize', 'What it is', 'Value'];

/** A raffle draw's prizes in order, with their values and, once drawn, the winning tickets. */
export function RafflePrizesTable({
  prizes,
  caption,
}: {
  prizes: readonly RafflePrizeView[];
  caption: string;
}) {
  const drawn = prizes.some((p) => p.winningTicket !== null);
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left" data-testid="raffle-prizes-table">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads columns={drawn ? [...PRIZE_COLUMNS, 'Winning ticket'] : PRIZE_COLUMNS} />
        <tbody>
          {prizes.map((p) => (
            <tr key={p.rank} className="border-b border-black/5">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {p.rank}
              </th>
              <td className="py-2 pr-4">{p.name}</td>
              <td className="py-2 pr-4 tabular-nums">{p.value ?? '–'}</td>
              {drawn ? (
                <td className="py-2 font-mono font-bold" data-testid="winning-ticket">
                  {p.winningTicket ?? '–'}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
