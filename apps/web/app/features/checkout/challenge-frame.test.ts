import { describe, expect, it } from 'vitest';
import { CHALLENGE_FRAME_SIZES, challengeFrameSize } from './challenge-frame';

describe('challengeFrameSize', () => {
  it('has the card schemes’ window sizes', () => {
    expect(CHALLENGE_FRAME_SIZES).toEqual({
      Small: { width: 250, height: 400 },
      Medium: { width: 390, height: 400 },
      Large: { width: 500, height: 600 },
      ExtraLarge: { width: 600, height: 400 },
    });
  });

  it('takes the largest size that fits the window', () => {
    expect(challengeFrameSize(1280, 800)).toBe('Large');
    expect(challengeFrameSize(1280, 600)).toBe('ExtraLarge');
    expect(challengeFrameSize(480, 700)).toBe('Medium');
    expect(challengeFrameSize(320, 568)).toBe('Small');
  });

  it('fills the screen when no size fits', () => {
    expect(challengeFrameSize(280, 500)).toBe('FullScreen');
    expect(challengeFrameSize(1280, 420)).toBe('FullScreen');
  });
});
