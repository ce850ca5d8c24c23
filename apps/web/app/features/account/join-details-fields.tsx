import { CheckboxField, SubmitButton } from '../../components/form';
import type { FieldErrors } from '../../lib/forms';
import { AddressFieldset } from './address-fields';
import { AcceptTermsField, DateOfBirthField, NameFields, PhoneField } from './identity-fields';

/**
 * What joining asks after the email and password: name, date of birth, phone, address, the age and
 * terms box and the email opt-in, then the Join button. The join form and the join after Apple or
 * Google share it.
 */
export function JoinDetailsFields({
  errors,
  minimumAge,
  names,
  busy,
}: {
  errors: FieldErrors;
  minimumAge: number;
  busy: boolean;
  /** The name the provider shared, to start from. */
  names?: { firstname: string; lastname: string };
}) {
  return (
    <>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <NameFields errors={errors} saved={names} />
        <DateOfBirthField error={errors.dateOfBirth} />
        <PhoneField error={errors.phone} />
      </div>
      <AddressFieldset errors={errors} />
      <AcceptTermsField minimumAge={minimumAge} error={errors.acceptTerms} />
      <CheckboxField name="emailOptIn" label="Email me news and offers." />
      <SubmitButton
        busy={busy}
        label="Join"
        busyLabel="Creating your account..."
        name="intent"
        value="join"
      />
    </>
  );
}
