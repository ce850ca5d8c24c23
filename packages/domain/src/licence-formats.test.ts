import { describe, expect, it } from 'vitest';
import { LICENCE_FORMATS, LICENCE_STATES, type LicenceState, licenceErrors } from './licence-formats.ts';

/** A valid licence and card number per state, and ones each state refuses. */
const EXAMPLES: Record<LicenceState, { valid: [string, string]; badLicence: string; badCard: string }> = {
  ACT: { valid: ['1234567', 'AB12345678'], badLicence: 'A123456', badCard: 'AB1234' },
  NSW: { valid: ['12345678', '1234567890'], badLicence: '12345', badCard: '12345678AB' },
  NT: { valid: ['123456', '1234567'], badLicence: '12345678901', badCard: '12345' },
  QLD: { valid: ['123456789', '1A2B3C4D5E'], badLicence: '1234567', badCard: '123456789' },
  SA: { valid: ['S12345', 'ABC123456'], badLicence: 'S1234567', badCard: 'ABC12345' },
  TAS: { valid: ['A12345', 'A12345678'], badLicence: 'A1234', badCard: 'A1234567890' },
  VIC: { valid: ['012345678', 'P1234567'], badLicence: 'AB123456', badCard: 'P123456' },
  WA: { valid: ['1234567', 'AB1234567'], badLicence: '123456', badCard: 'AB12345678901' },
};

describe('licenceErrors', () => {
  for (const state of LICENCE_STATES) {
    const example = EXAMPLES[state];
    it(`${state}: accepts a valid licence and card number, spaces and case aside`, () => {
      const [licenceNumber, cardNumber] = example.valid;
      expect(licenceErrors({ state, licenceNumber, cardNumber })).toEqual({});
      const spaced = `${licenceNumber.slice(0, 3)} ${licenceNumber.slice(3)}`.toLowerCase();
      expect(licenceErrors({ state: state.toLowerCase(), licenceNumber: spaced, cardNumber })).toEqual({});
    });
    it(`${state}: refuses a licence or card number of the wrong format, saying the format`, () => {
      const errors = licenceErrors({ state, licenceNumber: example.badLicence, cardNumber: example.badCard });
      expect(errors.licenceNumber).toEqual({
        code: 'invalid_format',
        message: expect.stringContaining(LICENCE_FORMATS[state].licenceNumber.hint),
      });
      expect(errors.cardNumber).toEqual({
        code: 'invalid_format',
        message: expect.stringContaining(LICENCE_FORMATS[state].cardNumber.hint),
      });
    });
    it(`${state}: the card number is required`, () => {
      const errors = licenceErrors({ state, licenceNumber: example.valid[0], cardNumber: '  ' });
      expect(errors).toEqual({ cardNumber: { code: 'required', message: expect.any(String) } });
    });
  }

  it('requires a state and the licence number; refuses OTHER or unknown states', () => {
    expect(licenceErrors({ state: '', licenceNumber: '1' }).state?.code).toBe('required');
    expect(licenceErrors({ state: 'OTHER', licenceNumber: '1' }).state?.code).toBe('invalid_state');
    expect(licenceErrors({ state: 'XX', licenceNumber: '1' }).state?.code).toBe('invalid_state');
    expect(licenceErrors({ state: 'NSW', licenceNumber: '', cardNumber: '1234567890' })).toEqual({
      licenceNumber: { code: 'required', message: 'Enter your licence number.' },
    });
  });
});
