import { useId, useState } from 'react';
import { TextField } from '../../components/form';

/** A draw the entry may start with, as the play panel shows it. */
export type PlayDraw = { drawNo: number; weekday: string; label: string };

const title = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** The draw day of lotteries drawn on several weekdays (Monday & Wednesday Lotto): a radio group. */
export function DayChoice({
  days,
  day,
  onChange,
}: {
  days: readonly string[];
  day: string | null;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mt-4" data-testid="day-choice" aria-describedby={day ? undefined : `${id}-hint`}>
      <legend className="font-semibold">Draw day</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {days.map((d) => (
          <label key={d} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-day`}
              value={d}
              checked={day === d}
              onChange={() => onChange(d)}
              className="h-5 w-5 accent-primary"
            />
            {title(d)}
          </label>
        ))}
      </div>
      {day ? null : (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          Choose a draw day.
        </p>
      )}
    </fieldset>
  );
}

/** Which draw the entry starts with: the chosen one, else the next draw (on the chosen day). */
export function FirstDraw({
  draws,
  firstDrawNo,
  day,
}: {
  draws: readonly PlayDraw[];
  firstDrawNo: number | null;
  day: string | null;
}) {
  const chosen = firstDrawNo === null ? undefined : draws.find((d) => d.drawNo === firstDrawNo);
  const next = chosen ?? draws.find((d) => day === null || d.weekday === day);
  if (!next) return null;
  return (
    <p className="mt-4 text-sm" data-testid="first-draw">
      <span className="font-semibold">First draw:</span> {next.label} (draw {next.drawNo})
      {chosen ? '' : ', the next draw'}
    </p>
  );
}

/**
 * Autoplay's minimum jackpot: an optional amount in dollars. Its error (not an amount, or the API's
 * refusal: zero, over its maximum) shows once the field is left, not while it is being typed.
 */
export function MinimumJackpotField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  const [left, setLeft] = useState(false);
  return (
    <TextField
      name="minimumJackpot"
      label="Only buy when the jackpot is at least ($)"
      hint="Leave it empty to buy for every draw, whatever the jackpot."
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => {
        setLeft(false);
        onChange(event.target.value);
      }}
      onBlur={() => setLeft(true)}
      error={left && error ? error : undefined}
      className="mt-3 max-w-sm"
      data-testid="minimum-jackpot"
    />
  );
}
