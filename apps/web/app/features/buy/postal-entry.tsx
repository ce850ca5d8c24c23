import { POSTAL_ENTRY_ADDRESS, postalEntryInstructions } from '@drawhouse/domain';

/**
 * "Enter without buying": a raffle draw that takes free postal entries says where to post one and
 * what to write (the back office records each letter with the draw's next ticket number).
 */
export function PostalEntryInfo({ raffleName, drawNo }: { raffleName: string; drawNo: number }) {
  return (
    <section
      aria-labelledby="postal-entry-title"
      className="mt-6 rounded-xl border border-black/10 bg-surface p-5"
      data-testid="postal-entry"
    >
      <h2 id="postal-entry-title" className="text-xl font-bold">
        Enter without buying
      </h2>
      <p className="mt-2">You can enter this draw free by post. Send a letter to:</p>
      <address className="mt-2 font-semibold not-italic">
        {POSTAL_ENTRY_ADDRESS.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <p className="mt-3 font-semibold">Write on it:</p>
      <ul className="mt-1 list-disc pl-5">
        {postalEntryInstructions(raffleName, drawNo).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
