import { useFetcher } from 'react-router';
import type { LottoPartyActionResult } from './lotto-party-actions.server';

const ACTION = '/lotto-party/action';

/**
 * One button per status a setting can move to (autosession, publicity), each posting `intent` with
 * the thing's id and the status, and the outcome said in a live region.
 */
export function StatusChoices<T extends string>({
  intent,
  idField,
  id,
  statusField,
  choices,
  labels,
  hidden = false,
}: {
  intent: 'autosession' | 'publicity';
  idField: string;
  id: string;
  statusField: string;
  choices: readonly T[];
  labels: Record<T, string>;
  hidden?: boolean;
}) {
  const fetcher = useFetcher<LottoPartyActionResult>();
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <>
      <div className="mt-2 flex flex-wrap gap-2" hidden={hidden}>
        {choices.map((to) => (
          <fetcher.Form key={to} method="post" action={ACTION}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name={idField} value={id} />
            <input type="hidden" name={statusField} value={to} />
            <button type="submit" className="button-secondary" disabled={fetcher.state !== 'idle'}>
              {labels[to]}
            </button>
          </fetcher.Form>
        ))}
      </div>
      <p role="status" className="mt-2 font-semibold">
        {settled && !settled.ok
          ? settled.errors.general
          : settled?.ok && settled.intent === intent
            ? settled.message
            : ''}
      </p>
    </>
  );
}
