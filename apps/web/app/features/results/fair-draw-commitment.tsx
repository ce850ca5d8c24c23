import { Link } from 'react-router';
import { FAIR_DRAWS_PATH } from './fair-draws-path';

/** The commitment of a raffle draw that is open: published before any ticket is drawn. */
export function FairDrawCommitment({ commitment, drawNo }: { commitment: string; drawNo: number }) {
  return (
    <div className="rounded-lg border border-black/15 p-4 text-sm" data-testid="fair-draw-commitment">
      <p>
        <span className="font-semibold">Fair draw:</span> commitment for draw {drawNo}{' '}
        <code className="break-all font-mono" data-testid="fair-draw-commitment-hex">
          {commitment}
        </code>
      </p>
      <p className="mt-1">
        <Link to={FAIR_DRAWS_PATH} className="link">
          How this proves the draw is fair
        </Link>
      </p>
    </div>
  );
}
