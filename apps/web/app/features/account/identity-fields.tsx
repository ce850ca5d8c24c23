import { FormAlert, TextField } from '../../components/form';
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
