import { redirect } from 'react-router';

/**
 * `/social-authentication`: the customer's Apple and Google sign-in methods (listed, linked and
 * unlinked) live in Login and security; this address goes there (signed out, the account area sends
 * the visitor to sign in first). The providers answer at `/social-authentication/{provider}`.
 */
export function loader() {
  return redirect('/my-account/login-and-security#sign-in-methods-heading');
}
