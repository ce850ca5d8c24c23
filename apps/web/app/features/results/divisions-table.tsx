import { ScrollRegion } from '../../components/scroll-region';
import { ColumnHeads } from './column-heads';
import type { DivisionView } from './results-view';

/** A lottery draw's prize divisions: what each needs, how many games won it and the prize of each. */
export function DivisionsTable({
  divisions,
  caption,
}: {
  divisions: readonly DivisionView[];
  caption: string;
}) {
  if (divisions.length === 0) return <p className="text-muted">The prize divisions are not published yet.</p>;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full text-left" data-testid="divisions-table">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads
          columns={[
            'Division',
            'Winning combination',
            { label: 'Winners', end: true },
            { label: 'Prize per game', end: true },
          ]}
        />
        <tbody>
          {divisions.map((d) => (
            <tr key={d.division} className="border-b border-black/5" data-testid={`division-${d.division}`}>
              <th scope="row" className="py-2 pr-4 font-semibold">
                {d.division}
              </th>
              <td className="py-2 pr-4">{d.description}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{d.winners}</td>
              <td className="py-2 text-right tabular-nums">{d.prize}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
