import { Link } from 'react-router';
import { workedExample } from './worked-example';

const STEPS = [
  {
    title: 'Start a group',
    text: 'Give your group a name and invite friends with a link. Only members see the group and its sessions.',
  },
  {
    title: 'Open a session on a draw',
    text: 'Choose a lottery draw, a share price and how many shares are on sale. Autosession opens the next one for you.',
  },
  {
    title: 'Everyone buys shares',
    text: 'Members buy as many shares as they like through the cart, until the draw closes or the shares run out.',
  },
  {
    title: 'The pot plays',
    text: 'When the draw closes the pot buys whole quick-pick games of that draw, as many as it pays for.',
  },
] as const;

/** The rules as a customer reads them: the pot, the refunds and the prize split. */
export function LottoPartyRules() {
  return (
    <section aria-labelledby="rules-title" className="mt-8">
      <h2 id="rules-title" className="text-2xl font-bold">
        The rules
      </h2>
      <ul className="mt-3 grid list-disc gap-2 pl-6">
        <li>
          The pot (shares sold times the share price) buys whole quick-pick games of the draw at its close.
        </li>
        <li>Anything the games do not use is refunded to the members by their shares.</li>
        <li>
          If too little is sold for one game, the session is cancelled and every share is refunded in full.
        </li>
        <li>Prizes are split by shares, to the cent, straight into each member's wallet.</li>
      </ul>
    </section>
  );
}

/** The rules played through once, with the numbers the shop's own rules give. */
function WorkedExampleSection() {
  const example = workedExample();
  return (
    <section aria-labelledby="example-title" className="mt-8" data-testid="lotto-party-example">
      <h2 id="example-title" className="text-2xl font-bold">
        An example
      </h2>
      <ol className="mt-3 grid list-decimal gap-2 pl-6">
        <li>{example.setup}</li>
        <li>{example.close}</li>
        <li>{example.refunds}</li>
        <li>{example.prize}</li>
      </ol>
    </section>
  );
}

/** Steps of a Lotto Party, as numbered cards. */
export function LottoPartySteps() {
  return (
    <section aria-labelledby="steps-title" className="mt-8">
      <h2 id="steps-title" className="text-2xl font-bold">
        How it works
      </h2>
      <ol className="mt-4 grid gap-4 md:grid-cols-2">
        {STEPS.map((step, i) => (
          <li key={step.title} className="rounded-lg bg-surface p-4">
            <h3 className="text-lg font-bold">
              {i + 1}. {step.title}
            </h3>
            <p className="mt-1">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /lotto-party and /lotto-party/group: what a Lotto Party is and where to start one. */
export function LottoPartyLanding({
  detailed,
  offers,
}: {
  detailed: boolean;
  offers: { key: string; name: string }[];
}) {
  return (
    <div className="container-page py-8" data-testid="lotto-party-landing">
      <h1 className="text-4xl font-extrabold">{detailed ? 'How a Lotto Party works' : 'Lotto Party'}</h1>
      <p className="mt-3 max-w-2xl text-lg">
        Play the lottery with your friends: pool your money in shares, the pot buys the games, and every prize
        is shared by shares.
      </p>
      <LottoPartySteps />
      <LottoPartyRules />
      {detailed ? <WorkedExampleSection /> : null}
      <section aria-labelledby="start-title" className="mt-8">
        <h2 id="start-title" className="text-2xl font-bold">
          Start a Lotto Party
        </h2>
        {offers.length === 0 ? (
          <p className="mt-2">No lottery is on sale right now.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-3">
            {offers.map((o) => (
              <li key={o.key}>
                <Link to={`/${o.key}/lotto-party`} className="button-secondary">
                  {o.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 flex flex-wrap gap-4">
          <Link to="/social-play" className="link">
            Find an open Lotto Party
          </Link>
          {detailed ? (
            <Link to="/lotto-party" className="link">
              Lotto Party home
            </Link>
          ) : (
            <Link to="/lotto-party/group" className="link">
              More on how it works
            </Link>
          )}
          <Link to="/my-account/lotto-party" className="link">
            Your groups
          </Link>
        </p>
      </section>
    </div>
  );
}
