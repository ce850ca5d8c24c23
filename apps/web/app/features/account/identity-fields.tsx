import { Link } from 'react-router';
import { CheckboxField, FormAlert, TextField } from '../../components/form';
import type { FieldErrors } from '../../lib/forms';

/** First and last name, as the join form, My details and the identity check take them. */
export function NameFields({
  errors,
  saved,
}: {
  errors: FieldErrors;
  saved?: { firstname: string; lastname: string };
}) {
  return (
    <>
      <TextField
        name="firstname"
        label="First name"
        autoComplete="given-name"
        required
        defaultValue={saved?.firstname}
        error={errors.firstname}
      />
      <TextField
        name="lastname"
        label="Last name"
        autoComplete="family-name"
        required
        defaultValue={saved?.lastname}
        error={errors.lastname}
      />
    </>
  );
}

export function DateOfBirthField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      name="dateOfBirth"
      label="Date of birth"
      type="date"
      autoComplete="bday"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

export function PhoneField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextField
      name="phone"
      label="Phone"
      type="tel"
      autoComplete="tel"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** The age and terms box of sign-up and the account upgrade. */
export function AcceptTermsField({ minimumAge, error }: { minimumAge: number; error?: string }) {
  return (
    <CheckboxField
      name="acceptTerms"
      required
      error={error}
      label={
        <>
          I am {minimumAge} or older and accept the{' '}
          <Link to="/about/terms-and-conditions" className="link" target="_blank">
            terms and conditions
          </Link>
          .
        </>
      }
    />
  );
}

/** The name and date of birth an identity check is asked with (the account's), under the form's alert. */
export function CheckedIdentityFields({
  errors,
  saved,
}: {
  errors: FieldErrors;
  saved: { firstname: string; lastname: string; dateOfBirth: string };
}) {
  return (
    <>
      <FormAlert error={errors.general} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <NameFields errors={errors} saved={saved} />
        <DateOfBirthField error={errors.dateOfBirth} defaultValue={saved.dateOfBirth} />
      </div>
    </>
  );
}
