/** What an action answers its form: the API's message and field errors, or a notice of success. */
import { redirect } from 'react-router';
import { ApiError, type FieldErrors } from './api';
import { signInPath } from './session';

export type ActionResult = {
  error?: string;
  fieldErrors?: FieldErrors;
  notice?: string;
  intent?: string;
  /** The sign-in page's address, when the API asks for a recent sign-in before a sensitive change. */
  signInAgain?: string;
};

/** A refusal the form shows; a lost session goes to the sign-in page; anything else is thrown on. */
export function refusal(error: unknown, request: Request, intent?: string): ActionResult {
  if (error instanceof ApiError && error.status === 401) throw redirect(signInPath(new URL(request.url)));
  if (error instanceof ApiError && error.code === 'recent_sign_in_required') {
    return { ...shown(error, intent), signInAgain: signInPath(new URL(request.url)) };
  }
  return shown(error, intent);
}

/** The API's refusal as the form shows it (a 401 too: on the sign-in form it means wrong details). */
export function shown(error: unknown, intent?: string): ActionResult {
  if (error instanceof ApiError) return { error: error.message, fieldErrors: error.fieldErrors, intent };
  throw error;
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A `datetime-local` value (this browser's time zone) as an instant; what the operator typed when it
 * is no date, so the API's answer says what is wrong with it.
 */
export function typedInstant(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}

/** An instant as a `datetime-local` input shows it, in this browser's time zone, to the minute. */
export function localInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
