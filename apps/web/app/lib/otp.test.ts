import { describe, expect, it } from 'vitest';
import { applyOtpBackspace, applyOtpText, isCompleteOtp, otpFromForm, sanitiseOtpPaste } from './otp';

const empty = ['', '', '', '', '', ''];

describe('one-time code paste', () => {
  it('trims and cuts to 6', () => {
    expect(sanitiseOtpPaste('  123456  ')).toBe('123456');
    expect(sanitiseOtpPaste('12345678')).toBe('123456');
    expect(sanitiseOtpPaste('\n654321\t')).toBe('654321');
  });

  it('reads grouped codes and drops what is not a digit', () => {
    expect(sanitiseOtpPaste('123 456')).toBe('123456');
    expect(sanitiseOtpPaste('123-456')).toBe('123456');
    expect(sanitiseOtpPaste('12a456')).toBe('12456');
    expect(sanitiseOtpPaste('abcdef')).toBe('');
  });

  it('fills every box from the first with a whole code, wherever it was pasted', () => {
    expect(applyOtpText(empty, 3, ' 987654 ')).toEqual({ digits: ['9', '8', '7', '6', '5', '4'], focus: 5 });
  });

  it('fills from the box with part of a code, and moves on', () => {
    expect(applyOtpText(empty, 2, '12')).toEqual({ digits: ['', '', '1', '2', '', ''], focus: 4 });
    expect(applyOtpText(empty, 0, '7')).toEqual({ digits: ['7', '', '', '', '', ''], focus: 1 });
    expect(applyOtpText(empty, 5, '7').focus).toBe(5);
  });

  it('ignores text without digits', () => {
    expect(applyOtpText(['1', '', '', '', '', ''], 1, 'x')).toEqual({
      digits: ['1', '', '', '', '', ''],
      focus: 1,
    });
  });

  it('backspace clears the box, or the one before when empty', () => {
    expect(applyOtpBackspace(['1', '2', '', '', '', ''], 1)).toEqual({
      digits: ['1', '', '', '', '', ''],
      focus: 1,
    });
    expect(applyOtpBackspace(['1', '2', '', '', '', ''], 2)).toEqual({
      digits: ['1', '', '', '', '', ''],
      focus: 1,
    });
    expect(applyOtpBackspace(empty, 0).focus).toBe(0);
  });

  it('needs exactly 6 digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('12345a')).toBe(false);
  });

  it('reads the code from the hidden field or the six boxes', () => {
    const whole = new FormData();
    whole.set('otp', ' 123456 ');
    expect(otpFromForm(whole)).toBe('123456');
    const boxes = new FormData();
    for (const [i, d] of ['1', '2', '3', '4', '5', '6'].entries()) boxes.set(`otp_${i}`, d);
    expect(otpFromForm(boxes)).toBe('123456');
  });
});
