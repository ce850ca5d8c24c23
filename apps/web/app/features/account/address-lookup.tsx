import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { AddressLookupAnswer } from './address-lookup.server';

/** The pause after a keystroke before suggestions are asked for. */
const DEBOUNCE_MS = 250;
const MIN_CHARS = 3;

export type PickedAddress = {
  address: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
};

/**
 * "Find your address": a combobox (WAI-ARIA 1.2: the input owns a listbox of suggestions, Up and Down
 * move through them, Enter picks, Escape closes) that fills the address fields below it with the
 * picked address. The fields stay as they are, so the address can always be typed by hand. Shown only
 * once scripts run; where the shop has no address provider it says so and steps aside.
 */
export function AddressLookupField({ onPick }: { onPick: (address: PickedAddress) => void }) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const suggest = useFetcher<AddressLookupAnswer>();
  const detail = useFetcher<AddressLookupAnswer>();
  const [mounted, setMounted] = useState(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { load: loadSuggestions } = suggest;

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    clearTimeout(timer.current);
    if (text.trim().length < MIN_CHARS || text === picked) return;
    timer.current = setTimeout(
      () => loadSuggestions(`/address-lookup?q=${encodeURIComponent(text)}`),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer.current);
  }, [text, picked, loadSuggestions]);

  const detailData = detail.data;
  useEffect(() => {
    if (detailData?.kind === 'address') onPick(detailData.address);
  }, [detailData, onPick]);

  if (!mounted) return null;
  const answer = suggest.data;
  if (answer?.kind === 'unavailable') {
    return <p className="mt-2 text-sm">Address lookup is not available just now: enter the address below.</p>;
  }
  const suggestions = answer?.kind === 'suggestions' ? answer.suggestions : [];
  const expanded = open && suggestions.length > 0 && text.trim().length >= MIN_CHARS;

  function pick(index: number) {
    const chosen = suggestions[index];
    if (!chosen) return;
    setText(chosen.label);
    setPicked(chosen.label);
    setOpen(false);
    setActive(-1);
    detail.load(`/address-lookup?id=${encodeURIComponent(chosen.id)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const status =
    text.trim().length < MIN_CHARS || text === picked
      ? ''
      : answer?.kind === 'refused'
        ? answer.message
        : answer?.kind === 'suggestions'
          ? `${suggestions.length} ${suggestions.length === 1 ? 'address' : 'addresses'} found`
          : '';

  return (
    <div className="relative mt-2 mb-4" data-testid="address-lookup">
      <label htmlFor={id} className="block font-semibold">
        Find your address
      </label>
      <p id={hintId} className="text-sm">
        Start typing the street and suburb, then choose your address; or fill in the fields below.
      </p>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={hintId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        className="mt-1 w-full rounded border px-3 py-2"
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Addresses found"
        hidden={!expanded}
        className="absolute z-10 mt-1 w-full rounded border bg-white shadow"
      >
        {suggestions.map((s, index) => (
          <div
            key={s.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-blue-100' : ''}`}
            // Picks before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(index);
            }}
          >
            {s.label}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
