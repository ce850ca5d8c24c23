/**
 * `/invitation/:token`: the invited person sees who they will be, adds the back office to their
 * authenticator (QR code or the secret typed in), chooses a name and a password and confirms with a
 * code; accepting signs them in.
 */
import { type Invitation, InvitationSchema, OperatorSessionSchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router';
import { ApiError, adminCall } from '../lib/api';
import { type ActionResult, shown, text } from '../lib/forms';
import { CodeField, ErrorSummary, Field, formatTime, PageTitle } from '../ui';

type Loaded = { invitation: Invitation; error?: undefined } | { invitation?: undefined; error: string };

export async function invitationLoader({ params, request }: LoaderFunctionArgs): Promise<Loaded> {
  try {
    const invitation = await adminCall(
      InvitationSchema,
      'GET',
      `/invitations/${encodeURIComponent(params.token ?? '')}`,
      {
        signal: request.signal,
      },
    );
    return { invitation };
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}

export async function invitationAction({ params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await adminCall(
      OperatorSessionSchema,
      'POST',
      `/invitations/${encodeURIComponent(params.token ?? '')}/accept`,
      {
        body: {
          name: text(form, 'name'),
          password: String(form.get('password') ?? ''),
          code: text(form, 'code'),
        },
      },
    );
  } catch (error) {
    return shown(error);
  }
  return redirect('/');
}

/** The API's SVG as an image (a data: URL), so the page needs no inline markup or style. */
export function svgDataUrl(svg: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** The secret in groups of four, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export function InvitationPage() {
  const loaded = useLoaderData() as Loaded;
  const result = useActionData() as ActionResult | undefined;
  const busy = useNavigation().state !== 'idle';
  if (!loaded.invitation) {
    return (
      <main id="main" className="container-page max-w-lg py-10">
        <PageTitle>Invitation</PageTitle>
        <ErrorSummary message={loaded.error} />
      </main>
    );
  }
  const { invitation } = loaded;
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <PageTitle>Join the Drawhouse back office</PageTitle>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Email</dt>
        <dd>{invitation.email}</dd>
        <dt className="font-semibold">Roles</dt>
        <dd>{invitation.roles.join(', ')}</dd>
        <dt className="font-semibold">Accept by</dt>
        <dd>{formatTime(invitation.expiresAt)}</dd>
      </dl>
      <section aria-labelledby="authenticator" className="mb-6">
        <h2 id="authenticator" className="mb-2 text-xl font-semibold">
          1. Add the back office to your authenticator app
        </h2>
        <p className="mb-2">Scan the QR code, or type the secret key into the app.</p>
        <img
          src={svgDataUrl(invitation.qrSvg)}
          alt="QR code to add the Drawhouse back office to an authenticator app"
          width={200}
          height={200}
          className="mb-2 border border-muted bg-white"
        />
        <p>
          Secret key: <code data-testid="totp-secret">{grouped(invitation.totpSecret)}</code>
        </p>
      </section>
      <section aria-labelledby="account">
        <h2 id="account" className="mb-2 text-xl font-semibold">
          2. Choose your name and password
        </h2>
        <ErrorSummary message={result?.error} />
        <Form method="post">
          <Field
            label="Name"
            name="name"
            hint="Shown in the audit log: lower-case letters, digits, dots, dashes or underscores, up to 40."
            autoComplete="username"
            required
            maxLength={40}
            errors={result?.fieldErrors?.name}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={200}
            errors={result?.fieldErrors?.password}
          />
          <CodeField hint="The 6 digits the app shows now." errors={result?.fieldErrors?.code} />
          <button type="submit" className="button-primary" disabled={busy}>
            {busy ? 'Accepting…' : 'Accept the invitation'}
          </button>
        </Form>
      </section>
    </main>
  );
}
