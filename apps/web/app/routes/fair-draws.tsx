import { RAFFLE_ALGORITHM, RAFFLE_ALGORITHM_VERSION } from '@drawhouse/domain';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/fair-draws';

export const handle: ScreenHandle = { screenName: 'fair-draws' };

const TITLE = 'How our raffle draws are fair';
const DESCRIPTION =
  'Every charity raffle is drawn from a secret seed we commit to before the draw and publish after it, so anyone can check the winners.';

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(await loadSite(visitorOf(context)), handle.screenName);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, DESCRIPTION);

/** `/fair-draws`: the provably fair raffle draw, in plain words, with the exact rule to check it. */
export default function FairDraws() {
  return (
    <div className="container-page py-8">
      <article className="max-w-3xl" data-testid="fair-draws">
        <h1 className="text-3xl font-extrabold">{TITLE}</h1>
        <p className="mt-4 text-lg leading-relaxed">
          We draw our charity raffles ourselves. So that you do not have to take our word for it, every draw
          can be checked by anyone, after the fact, with nothing but a computer.
        </p>

        <h2 className="mt-8 text-2xl font-bold">1. Before the draw: we lock in a secret</h2>
        <p className="mt-4 leading-relaxed">
          When a raffle draw opens, we make a secret seed: 32 random bytes. We keep the seed to ourselves but
          publish its fingerprint, the <em>commitment</em>, on the raffle's page straight away. The commitment
          is the SHA-256 hash of the seed, written as 64 hexadecimal characters.
        </p>
        <p className="mt-4 leading-relaxed">
          A fingerprint cannot be turned back into the seed, and no other seed has the same fingerprint. Once
          the commitment is out, we cannot swap the seed for one that favours a ticket without everyone seeing
          that the fingerprint no longer matches.
        </p>

        <h2 className="mt-8 text-2xl font-bold">2. Tickets are numbered in order of sale</h2>
        <p className="mt-4 leading-relaxed">
          The first ticket sold for a draw is ticket 1, the next ticket 2, and so on up to the number of
          tickets sold. Your ticket numbers are on your receipt and your tickets page.
        </p>

        <h2 className="mt-8 text-2xl font-bold">3. The draw: the seed picks the winners</h2>
        <p className="mt-4 leading-relaxed">
          When entries close, the seed and the number of tickets sold decide every prize, in prize order.
          Nobody chooses anything: the same seed always picks the same tickets.
        </p>
        <ol className="mt-4 list-decimal space-y-2 pl-6 leading-relaxed">
          <li>
            For prize number <code>i</code> (the first prize is 0) and a counter <code>c</code> starting at 0,
            we take the text <code>{'{raffle}:{draw number}:{i}:{c}'}</code>, for example{' '}
            <code>coastal-prize-home:40:0:0</code>.
          </li>
          <li>
            We sign that text with HMAC-SHA256, using the seed as the key. The result is a 256-bit number.
          </li>
          <li>
            If that number is below the largest multiple of the number of tickets sold that fits in 256 bits,
            the winning ticket is the remainder of dividing it by the tickets sold, plus one. Otherwise (which
            almost never happens) we add one to the counter and try again: throwing away that top slice is
            what gives every ticket exactly the same chance.
          </li>
          <li>
            A ticket that has already won is skipped the same way: add one to the counter and try again.
          </li>
        </ol>

        <h2 className="mt-8 text-2xl font-bold">4. After the draw: anyone can check</h2>
        <p className="mt-4 leading-relaxed">
          With the results we publish the seed, the number of tickets sold and the winning tickets. Anyone can
          then check two things: that the SHA-256 of the seed is the commitment published before the draw, and
          that the steps above, run on the seed, pick the same winning tickets.
        </p>
        <p className="mt-4 leading-relaxed">
          Every raffle result has a <strong>Verify this draw</strong> button that does both checks in your own
          browser, with the browser's built-in cryptography, and tells you whether they match. The method's
          name on the result is <code>{RAFFLE_ALGORITHM}</code>, version {RAFFLE_ALGORITHM_VERSION}.
        </p>
      </article>
    </div>
  );
}
