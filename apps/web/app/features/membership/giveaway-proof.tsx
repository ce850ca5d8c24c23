import type { GiveawayProof } from '@drawhouse/contract';
import { RaffleProof } from '../results/raffle-proof';

/**
 * A giveaway's proof: the commitment while it is open; once drawn the seed, the entries and the
 * winning entries, and "Verify this draw", which draws again in the browser with the raffles'
 * method (the draw key `giveaway-{type}` with the giveaway's number, entries for tickets sold).
 */
export function GiveawayProofPanel({ proof, number }: { proof: GiveawayProof; number: number }) {
  const published =
    proof.seed !== undefined && proof.entries !== undefined && proof.winningEntries !== undefined
      ? { seed: proof.seed, ticketsSold: proof.entries, winningTickets: proof.winningEntries }
      : null;
  return (
    <div className="mt-8">
      <RaffleProof
        proof={{
          algorithm: proof.algorithm,
          version: proof.version,
          commitment: proof.commitment,
          published,
        }}
        offerKey={proof.drawKey}
        drawNo={number}
        unit="entries"
        testId="giveaway-proof"
      />
    </div>
  );
}
