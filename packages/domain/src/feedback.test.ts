import { describe, expect, it } from 'vitest';
import {
  canSendFeedback,
  FEEDBACK_CLOSED,
  FEEDBACK_MAX_STEP,
  FEEDBACK_RATING_SCORE,
  FEEDBACK_STEP,
  type FeedbackAction,
  type FeedbackState,
  feedbackQuestion,
  feedbackReducer,
} from './feedback.ts';

const run = (...actions: FeedbackAction[]): FeedbackState => actions.reduce(feedbackReducer, FEEDBACK_CLOSED);

describe('feedbackReducer', () => {
  it('opens at the comment step with rating neutral and empty fields', () => {
    expect(run({ type: 'open' })).toEqual({
      open: true,
      step: FEEDBACK_STEP.comment,
      rating: 'neutral',
      rated: false,
      comment: '',
      email: '',
      event: 'idle',
    });
  });

  it('keeps the step between 0 and 2', () => {
    expect(run({ type: 'open' }, { type: 'back' }).step).toBe(0);
    const far = run({ type: 'open' }, { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(far.step).toBe(FEEDBACK_MAX_STEP);
    expect(feedbackReducer(far, { type: 'back' }).step).toBe(1);
  });

  it('cannot send until a rating is chosen, nor while sending', () => {
    const open = run({ type: 'open' });
    expect(canSendFeedback(open)).toBe(false);
    expect(feedbackReducer(open, { type: 'submit' }).event).toBe('idle');
    const rated = feedbackReducer(open, { type: 'rate', rating: 'neutral' });
    expect(canSendFeedback(rated)).toBe(true);
    const sending = feedbackReducer(rated, { type: 'submit' });
    expect(sending.event).toBe('creating');
    expect(canSendFeedback(sending)).toBe(false);
  });

  it('advances to complete when creation succeeds, and stays on failure', () => {
    const sending = run({ type: 'open' }, { type: 'rate', rating: 'satisfied' }, { type: 'submit' });
    const done = feedbackReducer(sending, { type: 'created' });
    expect(done).toMatchObject({ event: 'success', step: FEEDBACK_STEP.complete });
    const failed = feedbackReducer(sending, { type: 'failed' });
    expect(failed).toMatchObject({ event: 'failure', step: FEEDBACK_STEP.comment });
    expect(canSendFeedback(failed)).toBe(true);
    // A success that was not being created (a late answer after closing) changes nothing.
    expect(feedbackReducer(run({ type: 'open' }), { type: 'created' }).step).toBe(0);
  });

  it('resets step, fields and event on close', () => {
    const filled = run(
      { type: 'open' },
      { type: 'rate', rating: 'not_satisfied' },
      { type: 'comment', value: 'Slow' },
      { type: 'email', value: 'a@b.example' },
      { type: 'submit' },
      { type: 'created' },
    );
    expect(filled).toMatchObject({ comment: 'Slow', email: 'a@b.example', step: 1 });
    expect(feedbackReducer(filled, { type: 'close' })).toEqual(FEEDBACK_CLOSED);
    expect(feedbackReducer(feedbackReducer(filled, { type: 'close' }), { type: 'open' })).toMatchObject({
      step: 0,
      comment: '',
      email: '',
      rated: false,
      rating: 'neutral',
    });
  });
});

describe('feedback copy', () => {
  it('asks a question per rating and scores ratings -1, 0 and 1', () => {
    expect(feedbackQuestion('not_satisfied')).toBe('Oh no! What went wrong?');
    expect(feedbackQuestion('neutral')).toBe('Anything we can do better?');
    expect(feedbackQuestion('satisfied')).toBe('Yay! What did you like most?');
    expect(FEEDBACK_RATING_SCORE).toEqual({ not_satisfied: -1, neutral: 0, satisfied: 1 });
  });
});
