import { TextField } from '../../components/form';
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
