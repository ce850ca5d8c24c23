/**
 * The website-experience feedback modal: its steps (comment, then complete), its fields and the
 * state of the event that sends it, as a pure reducer the modal drives.
 */

export const FEEDBACK_RATINGS = ['not_satisfied', 'neutral', 'satisfied'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** Analytics value of each rating. */
export const FEEDBACK_RATING_SCORE: Record<FeedbackRating, -1 | 0 | 1> = {
  not_satisfied: -1,
  neutral: 0,
  satisfied: 1,
};

export const FEEDBACK_COPY = {
  header: 'Give Feedback',
  title: 'How would you rate your experience with our website?',
  commentPlaceholder: 'Any Feedback - we are all ears! (optional)',
  emailPlaceholder: 'Email (optional)',
  send: 'Send Feedback',
  questions: {
    not_satisfied: 'Oh no! What went wrong?',
    neutral: 'Anything we can do better?',
    satisfied: 'Yay! What did you like most?',
  } satisfies Record<FeedbackRating, string>,
} as const;

export const FEEDBACK_STEP = { comment: 0, complete: 1 } as const;
/** Back never goes below the first step, next never above this one. */
export const FEEDBACK_MAX_STEP = 2;

export type EventCreationStatus = 'idle' | 'creating' | 'success' | 'failure';

export type FeedbackState = {
  open: boolean;
  step: number;
  rating: FeedbackRating;
  /** The visitor picked a rating (the default, neutral, does not count until picked). */
  rated: boolean;
  comment: string;
  email: string;
  event: EventCreationStatus;
};

export type FeedbackAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'back' }
  | { type: 'next' }
  | { type: 'rate'; rating: FeedbackRating }
  | { type: 'comment'; value: string }
  | { type: 'email'; value: string }
  | { type: 'submit' }
  | { type: 'created' }
  | { type: 'failed' };

export const FEEDBACK_CLOSED: FeedbackState = {
  open: false,
  step: FEEDBACK_STEP.comment,
  rating: 'neutral',
  rated: false,
  comment: '',
  email: '',
  event: 'idle',
};

export function feedbackReducer(state: FeedbackState, action: FeedbackAction): FeedbackState {
  switch (action.type) {
    case 'open':
      return { ...FEEDBACK_CLOSED, open: true };
    case 'close':
      // Closing resets the step and the fields and forgets the event.
      return FEEDBACK_CLOSED;
    case 'back':
      return { ...state, step: Math.max(0, state.step - 1) };
    case 'next':
      return { ...state, step: Math.min(FEEDBACK_MAX_STEP, state.step + 1) };
    case 'rate':
      return { ...state, rating: action.rating, rated: true };
    case 'comment':
      return { ...state, comment: action.value };
    case 'email':
      return { ...state, email: action.value };
    case 'submit':
      return canSendFeedback(state) ? { ...state, event: 'creating' } : state;
    case 'created':
      // Creation going from creating to success advances the modal to complete.
      return state.event === 'creating'
        ? { ...state, event: 'success', step: Math.min(FEEDBACK_MAX_STEP, state.step + 1) }
        : state;
    case 'failed':
      return state.event === 'creating' ? { ...state, event: 'failure' } : state;
  }
}

/** Send Feedback is disabled while submitting and until a rating is chosen. */
export function canSendFeedback(state: FeedbackState): boolean {
  return state.open && state.rated && state.event !== 'creating';
}

export function feedbackQuestion(rating: FeedbackRating): string {
  return FEEDBACK_COPY.questions[rating];
}
