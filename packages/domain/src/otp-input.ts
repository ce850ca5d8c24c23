/**
 * One-time code input: exactly 6 digits;
 * pasted text is trimmed and cut to 6.
 */
export const OTP_LENGTH = 6;

export const OTP_MESSAGES = {
  required: 'A 6 digit code is required.',
  incorrect: 'Code is incorrect or expired. Try again or contact support',
  lockedTitle: 'Account locked',
  locked: 'Your account has been locked due to too many incorrect 2FA attempts. Please contact support.',
  elevationTitle: '2 factor authentication is required to complete this action',
  /** The same modal for a customer without two-factor authentication, who gets a code by email. */
  confirmationTitle: "Confirm it's you to complete this action",
  elevationFailed: 'Authentication failed. Please try again.',
} as const;

/** What a pasted value becomes: trimmed, then cut to the code length. */
export function otpFromPaste(pasted: string): string {
  return pasted.trim().slice(0, OTP_LENGTH);
}

/** True for exactly 6 digits 0-9. */
export function isCompleteOtp(code: string): boolean {
  return /^[0-9]{6}$/.test(code);
}

/** The code rule: undefined when complete, otherwise the message customers read. */
export function otpError(code: string): string | undefined {
  return isCompleteOtp(code) ? undefined : OTP_MESSAGES.required;
}
