/**
 * The 3-D Secure challenge window sizes (width x height in CSS pixels), as card schemes define
 * them: the frame takes the largest that fits the visitor's window, else the whole screen.
 */
export const CHALLENGE_FRAME_SIZES = {
  Small: { width: 250, height: 400 },
  Medium: { width: 390, height: 400 },
  Large: { width: 500, height: 600 },
  ExtraLarge: { width: 600, height: 400 },
} as const;

export type ChallengeFrameSize = keyof typeof CHALLENGE_FRAME_SIZES | 'FullScreen';

/** Room the dialog needs around the frame: its padding, heading and close button. */
const DIALOG_CHROME = { width: 48, height: 120 };

/** Largest area first. */
const BY_AREA = (Object.keys(CHALLENGE_FRAME_SIZES) as (keyof typeof CHALLENGE_FRAME_SIZES)[]).sort(
  (a, b) =>
    CHALLENGE_FRAME_SIZES[b].width * CHALLENGE_FRAME_SIZES[b].height -
    CHALLENGE_FRAME_SIZES[a].width * CHALLENGE_FRAME_SIZES[a].height,
);

/** The size for a window of this size (the server, which does not know it, renders Medium). */
export function challengeFrameSize(viewportWidth: number, viewportHeight: number): ChallengeFrameSize {
  for (const name of BY_AREA) {
    const size = CHALLENGE_FRAME_SIZES[name];
    if (
      size.width + DIALOG_CHROME.width <= viewportWidth &&
      size.height + DIALOG_CHROME.height <= viewportHeight
    ) {
      return name;
    }
  }
  return 'FullScreen';
}
