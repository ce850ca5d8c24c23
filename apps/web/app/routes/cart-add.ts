import { data } from 'react-router';
import { addCartItem } from '../lib/cart.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/cart-add';

const MAX_ITEM_LENGTH = 20_000;

/**
 * POST /cart/add: form field `item`, the API's item body as JSON. Answers `{ ok, cart }` or
 * `{ ok: false, fieldErrors, message }` for the play panel's fetcher.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const raw = form.get('item');
  let item: unknown;
  try {
    item = typeof raw === 'string' && raw.length <= MAX_ITEM_LENGTH ? JSON.parse(raw) : undefined;
  } catch {
    item = undefined;
  }
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return data(
      {
        ok: false as const,
        fieldErrors: { item: 'The item could not be read.' },
        message: 'The item could not be read.',
      },
      { status: 400, headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  const result = await addCartItem(visitor, item);
  return data(result, { status: result.ok ? 200 : 400, headers: { 'Cache-Control': 'private, no-store' } });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
