import { describe, expect, it } from 'vitest';
import { isCompleteOtp, OTP_MESSAGES, otpError, otpFromPaste } from './otp-input.ts';

describe('otpFromPaste', () => {
  it('trims and cuts to 6', () => {
    expect(otpFromPaste('  123456  ')).toBe('123456');
    expect(otpFromPaste('1234567890')).toBe('123456');
    expect(otpFromPaste('\t12 34\n')).toBe('12 34');
    expect(otpFromPaste('')).toBe('');
  });
});

describe('isCompleteOtp and otpError', () => {
  it('accepts exactly 6 digits', () => {
    expect(isCompleteOtp('012345')).toBe(true);
    expect(otpError('012345')).toBeUndefined();
  });
  it('refuses fewer, more, letters, spaces and other digits', () => {
    for (const bad of ['12345', '1234567', '12345a', '12 345', '١٢٣٤٥٦', '']) {
      expect(isCompleteOtp(bad), bad).toBe(false);
      expect(otpError(bad)).toBe('A 6 digit code is required.');
    }
  });
  it('carries the exact copy', () => {
    expect(OTP_MESSAGES.incorrect).toBe('Code is incorrect or expired. Try again or contact support');
    expect(OTP_MESSAGES.elevationTitle).toBe('2 factor authentication is required to complete this action');
    expect(OTP_MESSAGES.confirmationTitle).toBe("Confirm it's you to complete this action");
  });
});
