/** `/sign-in`: email, password and the authenticator's code; then where the operator was going. */
import { OperatorSessionSchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, shown, text } from '../lib/forms';
import { safeNext } from '../lib/session';
import { CodeField, ErrorSummary, Field, PageTitle } from '../ui';

export async function signInAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await adminCall(OperatorSessionSchema, 'POST', '/session', {
      body: {
        email: text(form, 'email'),
        password: String(form.get('password') ?? ''),
        code: text(form, 'code'),
      },
    });
  } catch (error) {
    return shown(error);
  }
  return redirect(safeNext(new URL(request.url).searchParams.get('next')));
}

export function SignInPage() {
  const result = useActionData() as ActionResult | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== 'idle';
  return (
    <main id="main" className="container-page max-w-lg py-10">
      <PageTitle>Sign in to the back office</PageTitle>
      <ErrorSummary message={result?.error} />
      <Form
        method="post"
        action={`/sign-in${params.get('next') ? `?next=${encodeURIComponent(params.get('next') ?? '')}` : ''}`}
      >
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          errors={result?.fieldErrors?.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          errors={result?.fieldErrors?.password}
        />
        <CodeField
          hint="The 6 digits your authenticator app shows for Drawhouse."
          errors={result?.fieldErrors?.code}
        />
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </Form>
    </main>
  );
}
