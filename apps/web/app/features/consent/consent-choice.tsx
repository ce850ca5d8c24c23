import type { Shell } from '../../lib/shell';
import { ConsentButtons } from './consent-form';

/** On the cookie policy page: the visitor's current choice, and the buttons to change it. */
export function ConsentChoice({ consent }: { consent: NonNullable<Shell['cookieConsent']> }) {
  const said =
    consent.choice === 'all'
      ? 'You accepted all cookies, analytics included.'
      : consent.choice === 'essential'
        ? 'You accepted essential cookies only.'
        : 'You have not chosen yet: only essential cookies are set.';
  return (
    <section aria-labelledby="consent-choice" data-testid="consent-choice" className="mt-10 max-w-3xl">
      <h2 id="consent-choice" className="text-2xl font-bold">
        Your cookie choice
      </h2>
      <p className="mt-2" data-testid="consent-current">
        {said}
      </p>
      <div className="mt-4">
        <ConsentButtons current={consent.choice} />
      </div>
    </section>
  );
}
