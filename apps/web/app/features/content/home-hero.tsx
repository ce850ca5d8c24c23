/**
 * The home page's hero in the layout the site config's component variant `homeHero` picks: A, a
 * full-width primary band; B, a split card with the call to play beside the text; C, a compact
 * centred strip. Same words in each.
 */
import type { ComponentVariant } from '../../lib/shell';

const SECTION: Record<ComponentVariant, string> = {
  A: 'mb-8 rounded-2xl bg-primary px-6 py-10 text-on-primary',
  B: 'mb-8 grid gap-6 rounded-2xl border bg-surface px-6 py-8 shadow-sm md:grid-cols-[2fr_1fr] md:items-center',
  C: 'mb-8 rounded-2xl bg-primary px-6 py-6 text-center text-on-primary',
};

/**
 * The hero's layout for this visitor: a signed-in customer in the `homeHero` experiment sees their
 * group's layout; everyone else the site config's.
 */
export function heroVariant(site: ComponentVariant, experimentGroup: string | undefined): ComponentVariant {
  return experimentGroup !== undefined && Object.hasOwn(SECTION, experimentGroup)
    ? (experimentGroup as ComponentVariant)
    : site;
}

export function HomeHero({ variant, siteName }: { variant: ComponentVariant; siteName: string }) {
  const words = (
    <>
      <h1
        id="home-title"
        className={`font-extrabold ${variant === 'C' ? 'text-2xl' : 'text-3xl md:text-4xl'}`}
      >
        Australia's lotteries, raffles and syndicates in one place
      </h1>
      <p className={`mt-3 text-lg ${variant === 'C' ? 'mx-auto max-w-2xl' : 'max-w-2xl'}`}>
        Check the jackpots, pick your draw and play online with {siteName}. Every ticket goes into an official
        draw.
      </p>
    </>
  );
  return (
    <section
      aria-labelledby="home-title"
      className={SECTION[variant]}
      data-testid="home-hero"
      data-variant={variant}
    >
      {variant === 'B' ? (
        <>
          <div>{words}</div>
          <p>
            <a href="#home-offers" className="button-primary">
              See the games
            </a>
          </p>
        </>
      ) : (
        words
      )}
    </section>
  );
}
