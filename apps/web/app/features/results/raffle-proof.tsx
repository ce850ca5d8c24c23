import { formatCount, verifyRaffleProof } from '@drawhouse/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FAIR_DRAWS_PATH } from './fair-draws-path';
import type { ProofView } from './results-view';
import { browserHashes, verificationMessage } from './verify-draw';

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'done'; ok: boolean; text: string };

/**
 * "Verify this draw": recomputes the winning tickets from the published seed in the browser
 * (WebCrypto) with the same code that drew them, and says whether the seed matches the commitment
 * and the tickets match the published ones. The outcome is read out by an aria-live region.
 */
function VerifyButton({
  proof,
  offerKey,
  drawNo,
  unit = 'tickets',
}: {
  proof: NonNullable<ProofView['published']> & { commitment: string };
  offerKey: string;
  drawNo: number;
  unit?: 'tickets' | 'entries';
}) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const statusId = useId();
  const verify = async () => {
    setCheck({ state: 'checking' });
    try {
      const { hmac, sha256 } = browserHashes(globalThis.crypto.subtle);
      const outcome = await verifyRaffleProof({ proof, offerKey, drawNo, hmac, sha256 });
      setCheck({ state: 'done', ...verificationMessage(outcome, proof.winningTickets, unit) });
    } catch {
      setCheck({
        state: 'done',
        ok: false,
        text: 'This browser could not run the check. The method page explains how to check the draw yourself.',
      });
    }
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        className="button-primary"
        onClick={verify}
        disabled={check.state === 'checking'}
        aria-describedby={statusId}
        data-testid="verify-draw"
      >
        Verify this draw
      </button>
      <p
        id={statusId}
        aria-live="polite"
        className={`mt-3 ${check.state === 'done' ? (check.ok ? 'font-semibold' : 'font-semibold text-red-800') : ''}`}
        data-testid="verify-result"
        data-outcome={check.state === 'done' ? (check.ok ? 'match' : 'mismatch') : undefined}
      >
        {check.state === 'checking' ? 'Checking the draw…' : check.state === 'done' ? check.text : ''}
      </p>
    </div>
  );
}

/**
 * A draw's proof: the commitment, and after the draw the seed and a way to check it. Raffle draws
 * pick tickets; Daily Winners giveaways, drawn the same way, pick entries (`unit`).
 */
export function RaffleProof({
  proof,
  offerKey,
  drawNo,
  unit = 'tickets',
  testId = 'raffle-proof',
}: {
  proof: ProofView;
  offerKey: string;
  drawNo: number;
  unit?: 'tickets' | 'entries';
  testId?: string;
}) {
  const published = proof.published;
  return (
    <section aria-labelledby="proof-title" className="rounded-xl bg-surface p-5" data-testid={testId}>
      <h2 id="proof-title" className="text-2xl font-bold">
        Proof of a fair draw
      </h2>
      <p className="mt-2">
        When the draw opened we published the commitment below: a fingerprint of a secret seed.{' '}
        {published
          ? `After the draw we published the seed, so anyone can check that it matches and that it picks these winning ${unit}.`
          : `After the draw we publish the seed, so anyone can check that it matches and that it picks the winning ${unit}.`}{' '}
        <Link to={FAIR_DRAWS_PATH} className="link">
          How our fair draws work
        </Link>
      </p>
      <dl className="mt-4 grid gap-3">
        <div>
          <dt className="text-sm font-semibold text-muted">Commitment (SHA-256 of the seed)</dt>
          <dd className="break-all font-mono text-sm" data-testid="proof-commitment">
            {proof.commitment}
          </dd>
        </div>
        {published ? (
          <>
            <div>
              <dt className="text-sm font-semibold text-muted">Seed</dt>
              <dd className="break-all font-mono text-sm" data-testid="proof-seed">
                {published.seed}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted">
                {unit === 'tickets' ? 'Tickets sold' : 'Entries in the draw'}
              </dt>
              <dd className="tabular-nums" data-testid="proof-count">
                {formatCount(published.ticketsSold)}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted">Winning {unit}, in prize order</dt>
              <dd className="font-mono" data-testid="proof-winners">
                {published.winningTickets.join(', ') || 'none'}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt className="text-sm font-semibold text-muted">Method</dt>
          <dd className="font-mono text-sm">
            {proof.algorithm} version {proof.version}
          </dd>
        </div>
      </dl>
      {published ? (
        <VerifyButton
          proof={{ ...published, commitment: proof.commitment }}
          offerKey={offerKey}
          drawNo={drawNo}
          unit={unit}
        />
      ) : (
        <p className="mt-4">The seed is published once the draw is made.</p>
      )}
    </section>
  );
}
