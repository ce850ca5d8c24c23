/**
 * The Content page's navigation form: the shop's header items in order, each renamed, relinked, moved
 * up or down, shown or hidden, removed, and new ones added, with a preview of the header as the shop
 * shows it. The list is sent whole (`PATCH /admin/content/navigation`); the API's errors show beside
 * their item's field (`primary.{index}.label`, `primary.{index}.url`) or above the list (`primary`).
 */
import type { AdminNavItem, AdminNavigation } from '@drawhouse/contract';
import { useEffect, useId, useState } from 'react';
import { Form } from 'react-router';
import type { ActionResult } from '../lib/forms';
import { ErrorSummary, Notice } from '../ui';

/** An item being edited, with a key of its own so moving it keeps its fields and focus. */
type Draft = AdminNavItem & { key: number; url: string };

/** Items that open a drawer of the shop's offers. */
const DRAWER_TYPES = new Set(['lotto', 'raffle', 'social_play', 'results']);

/** What each item is, as the operator reads it. */
const KIND: Record<AdminNavItem['type'], string> = {
  lotto: 'Lotto games and their drawer',
  raffle: 'Raffles and their drawer',
  social_play: 'Syndicates and their drawer',
  results: 'Results and their drawer',
  subvariant: 'A game page',
  internal: 'A page of the shop',
  external: 'An address elsewhere',
};

let nextKey = 0;
const drafted = (item: AdminNavItem): Draft => ({ ...item, url: item.url ?? '', key: nextKey++ });

/** The form's value: the list as the API takes it. */
export function navigationBody(value: string): { primary: unknown } {
  return { primary: JSON.parse(value || '[]') as unknown };
}

/** The header as the shop shows it: the shown items with a link sit in the bar, beside Menu. */
function HeaderPreview({ items }: { items: readonly Draft[] }) {
  const inline = items.filter((item) => !item.hidden && item.url.trim() !== '');
  return (
    <div className="bg-nav text-on-nav">
      <div className="flex min-h-16 items-center gap-1 px-4 py-2 sm:gap-3">
        <span className="px-2 py-2 font-semibold">Menu</span>
        <span className="mr-2 text-lg font-bold">Drawhouse</span>
        <ul className="flex flex-1 flex-wrap items-center gap-1">
          {inline.map((item) => (
            <li key={item.key}>
              <span className="block rounded px-3 py-2">{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function fieldError(id: string, errors: string[] | undefined) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {errors.join(' ')}
    </p>
  ) : null;
}

export function NavigationForm({
  navigation,
  result,
}: {
  navigation: AdminNavigation;
  result: ActionResult | undefined;
}) {
  const id = useId();
  const [items, setItems] = useState<Draft[]>(() => navigation.primary.map(drafted));
  const [said, setSaid] = useState('');
  const [focus, setFocus] = useState<{ id: string } | null>(null);
  const mine = result?.intent === 'navigation' ? result : undefined;
  const errors = mine?.fieldErrors ?? {};

  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  const update = (key: number, change: Partial<Draft>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const item = items[index];
    if (!item || to < 0 || to >= items.length) return;
    const next = [...items];
    next.splice(index, 1);
    next.splice(to, 0, item);
    setItems(next);
    setSaid(`${item.label || 'The new item'} is now item ${to + 1} of ${next.length}.`);
    // At either end the button just used is disabled: the other one takes focus.
    const edge = (by < 0 && to === 0) || (by > 0 && to === next.length - 1);
    setFocus({ id: `${id}-${item.key}-${by < 0 !== edge ? 'up' : 'down'}` });
  }

  function remove(index: number) {
    const item = items[index];
    if (!item) return;
    setItems(items.filter((_, i) => i !== index));
    setSaid(`${item.label || 'The new item'} is removed; save to keep the change.`);
    setFocus({ id: `${id}-add` });
  }

  function add() {
    const item = drafted({ type: 'internal', label: '', url: '', hidden: false });
    setItems([...items, item]);
    setSaid(`Item ${items.length + 1} added: write its label and link.`);
    setFocus({ id: `${id}-${item.key}-label` });
  }

  const body = JSON.stringify(
    items.map(({ type, label, url, hidden }) => ({ type, label, url: url.trim() || null, hidden })),
  );

  return (
    <section aria-labelledby="navigation-heading" className="mb-10">
      <h2 id="navigation-heading" className="mb-2 text-xl font-bold">
        Navigation
      </h2>
      <p className="mb-4 max-w-2xl text-muted">
        The shop's header, in order. Lotto, raffle, syndicate and results items open a drawer listing the
        shop's offers; the shop adds its membership offers after them.
      </p>
      <ErrorSummary message={mine?.error} />
      <Notice message={mine?.notice} />
      {errors.primary?.length ? (
        <p id={`${id}-list-error`} className="mb-4 font-semibold text-red-800">
          {errors.primary.join(' ')}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <Form method="post" aria-labelledby="navigation-heading">
        <input type="hidden" name="intent" value="navigation" />
        <input type="hidden" name="navigation" value={body} />
        <ol className="mb-4 grid max-w-3xl gap-3">
          {items.map((item, index) => {
            const at = `${id}-${item.key}`;
            const labelErrors = errors[`primary.${index}.label`];
            const urlErrors = errors[`primary.${index}.url`];
            return (
              <li key={item.key}>
                <fieldset className="rounded-md border border-muted p-3">
                  <legend className="px-1 font-semibold">
                    Item {index + 1}: {item.label || 'new item'}
                    {item.hidden ? ' (hidden)' : ''}
                  </legend>
                  <p className="mb-2 text-sm text-muted">{KIND[item.type]}</p>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <div>
                      <label htmlFor={`${at}-label`} className="block font-semibold">
                        Label
                      </label>
                      <input
                        id={`${at}-label`}
                        value={item.label}
                        onChange={(e) => update(item.key, { label: e.target.value })}
                        maxLength={40}
                        aria-invalid={labelErrors?.length ? true : undefined}
                        aria-describedby={labelErrors?.length ? `${at}-label-error` : undefined}
                        className="mt-1 w-full rounded-md border border-muted px-3 py-2"
                      />
                      {fieldError(`${at}-label-error`, labelErrors)}
                    </div>
                    <div>
                      <label htmlFor={`${at}-url`} className="block font-semibold">
                        Link
                      </label>
                      <input
                        id={`${at}-url`}
                        value={item.url}
                        onChange={(e) => update(item.key, { url: e.target.value })}
                        aria-invalid={urlErrors?.length ? true : undefined}
                        aria-describedby={`${at}-url-hint${urlErrors?.length ? ` ${at}-url-error` : ''}`}
                        className="mt-1 w-full rounded-md border border-muted px-3 py-2"
                      />
                      <p id={`${at}-url-hint`} className="text-sm text-muted">
                        A path of the shop, such as /raffles, or an https:// address
                        {DRAWER_TYPES.has(item.type) ? '; empty: only in the menu drawer' : ''}
                      </p>
                      {fieldError(`${at}-url-error`, urlErrors)}
                    </div>
                  </div>
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <input
                      type="checkbox"
                      id={`${at}-shown`}
                      checked={!item.hidden}
                      onChange={(e) => update(item.key, { hidden: !e.target.checked })}
                    />
                    <label htmlFor={`${at}-shown`} className="mr-4">
                      Shown in the shop
                    </label>
                    <button
                      type="button"
                      id={`${at}-up`}
                      className="button-secondary disabled:cursor-not-allowed disabled:opacity-50"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      Move up<span className="sr-only"> {item.label}</span>
                    </button>
                    <button
                      type="button"
                      id={`${at}-down`}
                      className="button-secondary disabled:cursor-not-allowed disabled:opacity-50"
                      disabled={index === items.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      Move down<span className="sr-only"> {item.label}</span>
                    </button>
                    <button type="button" className="button-secondary" onClick={() => remove(index)}>
                      Remove<span className="sr-only"> {item.label}</span>
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <p className="mb-4">
          <button type="button" id={`${id}-add`} className="button-secondary" onClick={add}>
            Add an item
          </button>
        </p>
        <h3 className="mb-1 font-semibold">Preview</h3>
        <div className="mb-4 max-w-3xl rounded-md border border-muted" data-testid="navigation-preview">
          <HeaderPreview items={items} />
        </div>
        <button type="submit" className="button-primary">
          Save the navigation
        </button>
      </Form>
    </section>
  );
}
