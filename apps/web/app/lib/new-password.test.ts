import { describe, expect, it } from 'vitest';
import { newPasswordErrors } from './forms';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('newPasswordErrors', () => {
  it('needs the confirmation to repeat the new password', () => {
    const password = 'correct horse battery staple';
    expect(newPasswordErrors(form({ newPassword: password, newPasswordConfirmation: password }))).toEqual({});
    expect(
      newPasswordErrors(form({ newPassword: password, newPasswordConfirmation: `${password}!` })),
    ).toEqual({ newPasswordConfirmation: 'Your password does not match.' });
    expect(newPasswordErrors(form({ newPassword: password }))).toEqual({
      newPasswordConfirmation: 'This field is required.',
    });
  });
});
