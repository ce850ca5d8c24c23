import { type ReactNode, useId } from 'react';

export type Choice<T extends string | number> = {
  value: T;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
};

/** A labelled group of radio cards (book sizes, causes, billing periods): one is chosen. */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  chosen,
  onChoose,
  disabled,
  describedBy,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  chosen: T | null;
  onChoose: (value: T) => void;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled} aria-describedby={describedBy}>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-black/15 bg-page px-3 py-2 has-checked:border-primary has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={chosen === choice.value}
              disabled={choice.disabled}
              onChange={() => onChoose(choice.value)}
              data-testid={choice.testId}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
