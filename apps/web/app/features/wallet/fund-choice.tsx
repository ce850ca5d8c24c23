import { useId } from 'react';
import { FieldError } from '../../components/form';

export type FundOption = { id: string; label: string; note?: string; disabled?: boolean };

/** A saved card or account to use, as radio buttons under a legend (the default one chosen). */
export function FundChoice({
  name = 'fundId',
  legend,
  options,
  defaultId,
  error,
}: {
  name?: string;
  legend: string;
  options: readonly FundOption[];
  defaultId?: string;
  error?: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="mt-4" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="mt-2 flex items-center gap-2">
          <input
            type="radio"
            name={name}
            value={option.id}
            defaultChecked={option.id === defaultId}
            disabled={option.disabled}
            aria-invalid={error ? true : undefined}
            className="h-5 w-5"
          />
          {option.label}
          {option.note ? <span className="text-sm text-muted">({option.note})</span> : null}
        </label>
      ))}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
