import { useEffect, useId, useState } from 'react';
import { invitePath } from './lotto-party-view';

/**
 * An invite link shown in full with a Copy button; the page's own address gives the link its origin
 * once in the browser (the server renders the path).
 */
export function InviteLink({ token }: { token: string }) {
  const id = useId();
  const path = invitePath(token);
  const [link, setLink] = useState(path);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => setLink(new URL(path, window.location.origin).toString()), [path]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className="mt-4" data-testid="invite-link">
      <label htmlFor={id} className="block font-semibold">
        Invite link
      </label>
      <p className="text-sm text-muted">Anyone with the link can join your group for 14 days.</p>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-black/40 bg-page px-3 py-2 text-ink"
        />
        <button type="button" className="button-secondary" onClick={copy}>
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 text-sm">
        {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Copy the link from the box above.' : ''}
      </p>
    </div>
  );
}
