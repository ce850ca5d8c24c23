import type { LicenceConfigView } from '@drawhouse/contract';
import { SelectField, TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/forms';

/**
 * A driver's licence as the licence check takes it: the issuing state, the licence number and the
 * card number, with each number's format for the chosen state as its hint (from the verification
 * service's licence config); the card number is asked for where the state needs it.
 */
export function LicenceFields({
  config,
  errors,
  state,
}: {
  config: LicenceConfigView;
  errors: FieldErrors;
  /** The state chosen so far (the form follows the select's changes). */
  state: string;
}) {
  const chosen = config.states.find((s) => s.state === state);
  return (
    <>
      <SelectField
        name="state"
        label={config.labels.state}
        required
        error={errors.state}
        options={[
          { value: '', label: 'Choose…' },
          ...config.states.map((s) => ({ value: s.state, label: s.name })),
        ]}
      />
      <TextField
        name="licenceNumber"
        label={config.labels.licenceNumber}
        required
        autoComplete="off"
        hint={chosen ? `${chosen.name}: ${chosen.licenceNumber.hint}.` : undefined}
        error={errors.licenceNumber}
      />
      {!chosen || chosen.cardNumberRequired ? (
        <TextField
          name="cardNumber"
          label={config.labels.cardNumber}
          required
          autoComplete="off"
          hint={
            chosen
              ? `${chosen.cardNumber.hint}, printed on your licence card apart from the licence number.`
              : undefined
          }
          error={errors.cardNumber}
        />
      ) : null}
    </>
  );
}
