import { Link } from 'react-router';

/** The syndicates on sale, each linking to its page, and where a Lotto Party starts. */
export function SocialPlayOffers({ syndicates }: { syndicates: { key: string; name: string }[] }) {
  return (
    <section aria-labelledby="syndicates-title" className="mt-6">
      <h2 id="syndicates-title" className="text-2xl font-bold">
        Syndicates
      </h2>
      {syndicates.length === 0 ? (
        <p className="mt-2">No syndicate is on sale right now.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-3">
          {syndicates.map((s) => (
            <li key={s.key}>
              <Link to={`/${s.key}`} className="button-secondary">
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4">
        Or play with your own friends:{' '}
        <Link to="/lotto-party" className="link">
          start a Lotto Party
        </Link>
        .
      </p>
    </section>
  );
}
