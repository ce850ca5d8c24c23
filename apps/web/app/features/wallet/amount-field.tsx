import { TextField } from '../../components/form';

/** A money amount in dollars: a text field with the decimal keypad, its bounds as the hint. */
export function AmountField({
  name = 'amount',
  label = 'Amount',
  error,
  hint,
  defaultValue,
  disabled,
}: {
  name?: string;
  label?: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      name={name}
      label={`${label} ($)`}
      inputMode="decimal"
      autoComplete="off"
      required
      error={error}
      hint={hint}
      defaultValue={defaultValue}
      disabled={disabled}
      className="mt-4 max-w-xs"
    />
  );
}
