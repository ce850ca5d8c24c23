import type { GiveawayWinner } from '@drawhouse/contract';
import { formatCalendarDate, type GiveawayType, giveawayPath } from '@drawhouse/domain';
import { Link } from 'react-router';
import { prizeText } from './giveaway-text';

type Row = GiveawayWinner & {
  giveaway?: {
    title: string;
    type: GiveawayType;
    number: number;
    drawnAt: string;
  };
};

/** Winners as they agreed to be shown (first name, suburb, state), with their entry and prize. */
export function WinnersTable({ winners, testId }: { winners: readonly Row[]; testId: string }) {
  const withGiveaway = winners.some((w) => w.giveaway !== undefined);
  return (
    <table className="mt-4 w-full text-left" data-testid={testId}>
      <thead>
        <tr>
          {withGiveaway ? (
            <>
              <th scope="col">Giveaway</th>
              <th scope="col">Drawn</th>
            </>
          ) : null}
          <th scope="col">Entry</th>
          <th scope="col">Winner</th>
          <th scope="col">Prize</th>
        </tr>
      </thead>
      <tbody>
        {winners.map((w) => (
          <tr key={`${w.giveaway?.type}-${w.giveaway?.number}-${w.entryNumber}`}>
            {w.giveaway ? (
              <>
                <td>
                  <Link to={giveawayPath(w.giveaway.type, w.giveaway.number)} className="link">
                    {w.giveaway.title}
                  </Link>
                </td>
                <td>{formatCalendarDate(w.giveaway.drawnAt)}</td>
              </>
            ) : null}
            <td className="tabular-nums">{w.entryNumber}</td>
            <td>{[w.firstName, w.suburb, w.state].filter(Boolean).join(', ')}</td>
            <td>{prizeText(w.prize)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
