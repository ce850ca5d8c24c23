import { describe, expect, it } from 'vitest';
import {
  type AttemptSummary,
  methodStatus,
  nextMethod,
  offeredMethods,
  VERIFICATION_METHOD_INFO,
  VERIFICATION_METHODS,
} from './verification-methods.ts';

const failed: AttemptSummary = { method: 'auto_verification', status: 'completed', outcome: 'not_verified' };
const checking: AttemptSummary = { method: 'auto_verification', status: 'in_progress', outcome: null };

describe('methodStatus', () => {
  it('is not_attempted, in_progress while a check runs, attempted after one', () => {
    expect(methodStatus('auto_verification', [])).toBe('not_attempted');
    expect(methodStatus('auto_verification', [failed, checking])).toBe('in_progress');
    expect(methodStatus('auto_verification', [failed])).toBe('attempted');
    expect(methodStatus('pdf_form', [failed])).toBe('not_attempted');
  });

  it('is pending while uploaded documents wait for review, whatever was tried before', () => {
    const photoRejected: AttemptSummary = {
      method: 'photo_id_upload',
      status: 'completed',
      outcome: 'not_verified',
    };
    const photoPending: AttemptSummary = { method: 'photo_id_upload', status: 'pending', outcome: null };
    expect(methodStatus('photo_id_upload', [photoRejected, photoPending])).toBe('pending');
    expect(methodStatus('photo_id_upload', [photoRejected])).toBe('attempted');
    expect(methodStatus('pdf_form', [photoPending])).toBe('not_attempted');
  });
});

describe('offeredMethods', () => {
  it('lists every method, the switched-off ones as disabled and last, fastest first', () => {
    const offered = offeredMethods({ verified: false, enabled: ['auto_verification'], attempts: [] });
    expect(offered.map((m) => m.type)).toEqual([
      'auto_verification',
      'connect_id',
      'drivers_licence',
      'greenid_ui',
      'photo_id_upload',
      'pdf_form',
    ]);
    expect(offered[0]).toEqual({ type: 'auto_verification', status: 'not_attempted' });
    expect(offered.slice(1).every((m) => m.status === 'disabled')).toBe(true);
  });

  it('puts a method tried without verifying after the ones not tried yet', () => {
    const offered = offeredMethods({
      verified: false,
      enabled: ['auto_verification', 'photo_id_upload'],
      attempts: [failed],
    });
    expect(offered.slice(0, 2)).toEqual([
      { type: 'photo_id_upload', status: 'not_attempted' },
      { type: 'auto_verification', status: 'attempted' },
    ]);
    expect(nextMethod(offered, 'auto_verification')).toBe('photo_id_upload');
  });

  it('has no next method when nothing else is switched on', () => {
    const offered = offeredMethods({ verified: false, enabled: ['auto_verification'], attempts: [failed] });
    expect(nextMethod(offered, 'auto_verification')).toBeUndefined();
  });

  it('offers nothing to a verified customer', () => {
    const offered = offeredMethods({ verified: true, enabled: ['auto_verification'], attempts: [failed] });
    expect(offered.every((m) => m.status === 'disabled')).toBe(true);
  });

  it('describes every method', () => {
    for (const type of VERIFICATION_METHODS) expect(VERIFICATION_METHOD_INFO[type].needs).not.toBe('');
  });
});
