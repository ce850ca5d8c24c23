import { data } from 'react-router';
import { lookUpAddress } from '../features/account/address-lookup.server';
import { NO_STORE } from '../lib/headers';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/address-lookup';

/** GET /address-lookup?q= or ?id=: the address forms' lookup, as JSON for their fetcher. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await lookUpAddress(visitorOf(context), new URL(request.url)), { headers: NO_STORE });
}
