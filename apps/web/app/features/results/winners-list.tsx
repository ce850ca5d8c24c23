import { ScrollRegion } from '../../components/scroll-region';
import { ColumnHeads } from './column-heads';
import type { WinnerView } from './results-view';

/** Winners of a draw, as each agreed to be shown (first name and suburb, or no name). */
export function WinnersList({ winners, caption }: { winners: readonly WinnerView[]; caption: string }) {
  if (winners.length === 0) return <p data-testid="no-winners">No winners to show for this draw.</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left" data-testid="winners-table">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          columns={['Winner', 'Prize', { label: 'Value', end: true }, { label: 'Ticket', end: true }]}
        />
        <tbody>
          {winners.map((w, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: winners are listed in prize order and may share a name
            <tr key={index} className="border-b border-black/5">
              <td className="py-2 pr-4">
                <span className="font-semibold">{w.name}</span>
                {w.suburb ? <span className="block text-sm text-muted">{w.suburb}</span> : null}
              </td>
              <td className="py-2 pr-4">{w.prizeName}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{w.prize ?? '–'}</td>
              <td className="py-2 text-right font-mono">{w.ticketNumber ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
