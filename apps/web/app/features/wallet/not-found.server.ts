import { data } from 'react-router';
import { ApiError } from '../../lib/api.server';

/**
 * A deposit, withdrawal or transaction page whose thing the API does not find for this customer
 * (unknown, or another customer's) is the 404 page.
 */
export async function notFoundOn404<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400 || error.status === 422)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}
