/** The one-time hint after saving favourites (its dismissed state lives in session storage). */
export function FavouriteHint({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      data-testid="favourites-tooltip"
      className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-primary bg-surface p-3"
    >
      <p>
        <span className="font-semibold">Saved:</span> use them on any game with Use my favourites.
      </p>
      <button type="button" className="button-secondary px-3 py-1 text-sm" onClick={onDismiss}>
        Ok, got it
      </button>
    </div>
  );
}
