import { describe, expect, it } from 'vitest';
import {
  decideDocumentVerification,
  decideVerification,
  matchingSources,
  type SourceMatch,
  verificationFailureMessage,
} from './verification-decision.ts';

const all = (source: string): SourceMatch => ({ source, name: true, dateOfBirth: true, address: true });
const adult = { dateOfBirth: '1990-05-01', today: '2026-11-27' };

describe('decideVerification', () => {
  it('verifies with two different sources matching name, date of birth and address', () => {
    expect(decideVerification({ ...adult, sources: [all('roll'), all('credit')] })).toEqual({
      outcome: 'verified',
    });
  });

  it('does not count one source twice', () => {
    expect(matchingSources([all('roll'), all('roll')])).toEqual(['roll']);
    expect(decideVerification({ ...adult, sources: [all('roll'), all('roll')] }).outcome).toBe(
      'not_verified',
    );
  });

  it('needs every detail of a source: name and date of birth alone is a partial match', () => {
    const partial = { source: 'credit', name: true, dateOfBirth: true, address: false };
    const decision = decideVerification({ ...adult, sources: [all('roll'), partial] });
    expect(decision).toMatchObject({ outcome: 'not_verified', reason: 'partial_match' });
    if (decision.outcome === 'not_verified') expect(decision.message).toContain('not your address');
  });

  it('fails with no_match when a source knows the name only', () => {
    const nameOnly = { source: 'roll', name: true, dateOfBirth: false, address: false };
    expect(decideVerification({ ...adult, sources: [nameOnly] })).toMatchObject({ reason: 'no_match' });
  });

  it('fails with no_match when no source found anything', () => {
    const none = { source: 'roll', name: false, dateOfBirth: false, address: false };
    expect(decideVerification({ ...adult, sources: [none] })).toMatchObject({ reason: 'no_match' });
    expect(decideVerification({ ...adult, sources: [] })).toMatchObject({ reason: 'no_match' });
  });

  it('fails anyone under 18 with a reason, whatever the sources say', () => {
    const decision = decideVerification({
      sources: [all('roll'), all('credit')],
      dateOfBirth: '2008-11-28',
      today: '2026-11-27',
    });
    expect(decision).toMatchObject({ outcome: 'not_verified', reason: 'under_age' });
    if (decision.outcome === 'not_verified') expect(decision.message).toContain('18 or older');
    expect(
      decideVerification({ sources: [all('a'), all('b')], dateOfBirth: '2008-11-27', today: '2026-11-27' })
        .outcome,
    ).toBe('verified');
  });

  it('takes a configured minimum age', () => {
    const args = { sources: [all('a'), all('b')], dateOfBirth: '2006-01-01', today: '2026-11-27' };
    expect(decideVerification({ ...args, minimumAge: 21 })).toMatchObject({ reason: 'under_age' });
  });
});

describe('verificationFailureMessage', () => {
  it('says why, then the next method or our support team', () => {
    expect(verificationFailureMessage('partial_match', 'Upload a photo ID')).toMatch(
      /records to verify you automatically\. You can verify with “Upload a photo ID” instead\.$/,
    );
    expect(verificationFailureMessage('no_match')).toContain('contact our support team');
    expect(verificationFailureMessage('under_age', 'Upload a photo ID')).not.toContain('instead');
  });
});

describe('decideDocumentVerification', () => {
  const doc = (name: boolean, dateOfBirth: boolean) => [
    { source: 'licence', name, dateOfBirth, address: false },
  ];
  const decide = (sources: ReturnType<typeof doc>, dateOfBirth = '1990-05-17') =>
    decideDocumentVerification({ sources, dateOfBirth, today: '2026-11-27' });
  it('verifies when the issuer matches name and date of birth, without an address', () => {
    expect(decide(doc(true, true))).toEqual({ outcome: 'verified' });
  });
  it('is a mismatch when found by name only, not found otherwise, under age always refused', () => {
    expect(decide(doc(true, false))).toMatchObject({ outcome: 'not_verified', reason: 'document_mismatch' });
    expect(decide(doc(false, false))).toMatchObject({
      outcome: 'not_verified',
      reason: 'document_not_found',
    });
    expect(decide([])).toMatchObject({ reason: 'document_not_found' });
    expect(decide(doc(true, true), '2010-01-01')).toMatchObject({ reason: 'under_age' });
  });
});
