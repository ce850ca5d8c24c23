/** A cause's website as the API gives it, when it is an http(s) address; anything else is not linked. */
export function causeWebsite(website: string | null | undefined): string | null {
  return website && /^https?:\/\//.test(website) ? website : null;
}

/** The link to a cause's own website. */
export function CauseWebsiteLink({ name, website }: { name: string; website: string }) {
  return (
    <a href={website} rel="noopener" className="link">
      Visit {name}
      <span className="sr-only"> (opens their website)</span>
    </a>
  );
}
