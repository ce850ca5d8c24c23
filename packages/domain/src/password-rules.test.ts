import { describe, expect, it } from 'vitest';
import { commonPasswordCheck, PASSWORD_MESSAGES, passwordLength, passwordProblem } from './password-rules.ts';

const isCommon = commonPasswordCheck(['password', 'qwertyuiop', 'Dragon123']);

describe('passwordProblem', () => {
  it('accepts 8 to 128 characters with no composition rules', () => {
    expect(passwordProblem('abcdefgh', isCommon)).toBeUndefined();
    expect(passwordProblem('all lower case words', isCommon)).toBeUndefined();
    expect(passwordProblem('x'.repeat(128), isCommon)).toBeUndefined();
  });
  it('refuses short and long passwords', () => {
    expect(passwordProblem('abcdefg', isCommon)).toEqual({
      code: 'password_too_short',
      message: PASSWORD_MESSAGES.tooShort,
    });
    expect(passwordProblem('x'.repeat(129), isCommon)?.code).toBe('password_too_long');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordLength('🎲🎲🎲🎲')).toBe(4);
    expect(passwordProblem('🎲🎲🎲🎲🎲🎲🎲', isCommon)?.code).toBe('password_too_short');
    expect(passwordProblem('🎲🎲🎲🎲🎲🎲🎲🎲', isCommon)).toBeUndefined();
  });
  it('refuses a password on the common list whatever its case', () => {
    expect(passwordProblem('PASSWORD', isCommon)?.code).toBe('password_common');
    expect(passwordProblem('dragon123', isCommon)?.message).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('password1', isCommon)).toBeUndefined();
  });
  it('has no common list unless given one', () => {
    expect(passwordProblem('password')).toBeUndefined();
  });
});
