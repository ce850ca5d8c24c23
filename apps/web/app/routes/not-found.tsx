import { data } from 'react-router';
import type { ScreenHandle } from '../lib/route-records';

export const handle: ScreenHandle = { screenName: 'not-found' };

/** Any path no other route claims: the 404 page (the root error boundary draws it). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
