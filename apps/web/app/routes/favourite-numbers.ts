import { parseFavouriteNumbers } from '@drawhouse/domain';
import { data } from 'react-router';
import { saveFavouriteNumbers } from '../features/play/favourite-numbers.server';
import { jsonField, NO_STORE, postOnly } from '../lib/headers';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/favourite-numbers';

const MAX_LENGTH = 10_000;

/**
 * POST /favourite-numbers: form field `favouriteNumbers`, the whole list as JSON, saved to the
 * signed-in customer's account (the play screen keeps its own copy in session storage). A visitor
 * who is not signed in has nothing to save to: `{ ok: true }`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const value = jsonField(await request.formData(), 'favouriteNumbers', MAX_LENGTH);
  if (!Array.isArray(value)) {
    const message = 'The favourite numbers could not be read.';
    return data({ ok: false as const, message, fieldErrors: {} }, { status: 400, headers: NO_STORE });
  }
  if (!visitor.signedIn) return data({ ok: true as const }, { headers: NO_STORE });
  const result = await saveFavouriteNumbers(visitor, parseFavouriteNumbers(value));
  return data(result, { status: result.ok ? 200 : 400, headers: NO_STORE });
}

export const loader = postOnly;
