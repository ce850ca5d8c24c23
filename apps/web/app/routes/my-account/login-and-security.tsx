import {
  AuthenticatorSetupSchema,
  CodeSentSchema,
  SocialIdentitiesSchema,
  TwoFactorConfigSchema,
} from '@drawhouse/contract';
import { formatCalendarDate } from '@drawhouse/domain';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { FormAlert, SubmitButton } from '../../components/form';
import { useNotify } from '../../components/notifications';
import { OtpInput } from '../../components/otp-input';
import { useStepUpReplay } from '../../features/account/elevation';
import { SignInMethods } from '../../features/account/sign-in-methods';
import { SOCIAL_LABEL, socialProviderOf } from '../../features/account/social-answer';
import {
  SECURITY_PATH,
  socialFailureMessage,
  socialProvidersOn,
  startSocialSignIn,
} from '../../features/account/social-sign-in.server';
import { formFailureOrStepUp } from '../../features/account/step-up.server';
import { ApiError } from '../../lib/api.server';
import { customerGet, customerRequest, forgetCustomer } from '../../lib/customer.server';
import type { FormResult } from '../../lib/forms';
import { formText } from '../../lib/forms';
import { privateHeaders } from '../../lib/headers';
import { pageMeta } from '../../lib/meta';
import { isCompleteOtp, OTP_MESSAGES, otpFromForm } from '../../lib/otp';
import type { ScreenHandle } from '../../lib/route-records';
import { loadSite } from '../../lib/site.server';
import { type Visitor, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/login-and-security';

export const handle: ScreenHandle = { screenName: 'login-and-security' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Login and security');

const CONFIG_PATH = '/customer/two-factor-auth';
const SOCIAL_PATH = '/social-authentication';

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const providers = socialProvidersOn(await loadSite(visitor));
  const [config, social] = await Promise.all([
    customerGet(TwoFactorConfigSchema, visitor, CONFIG_PATH),
    providers.length > 0 ? customerGet(SocialIdentitiesSchema, visitor, SOCIAL_PATH) : undefined,
  ]);
  const signInMethods = social && {
    providers: providers.filter((p) => social.available.includes(p)),
    identities: social.identities,
    hasPassword: social.hasPassword,
  };
  return { config, signInMethods };
}

/**
 * Link (to the provider's sign-in page, back to this page) or unlink Apple or Google. Both ask for
 * the step-up first; unlinking the last way to sign in is refused with the API's words.
 */
async function changeSignInMethod(visitor: Visitor, intent: 'link' | 'unlink', value: string) {
  const provider = socialProviderOf(value);
  if (!provider || !socialProvidersOn(await loadSite(visitor)).includes(provider)) {
    return { ok: false, errors: { general: 'Choose Apple or Google.' } };
  }
  try {
    if (intent === 'link') return await startSocialSignIn(visitor, provider, 'link', SECURITY_PATH);
    await customerRequest(SocialIdentitiesSchema, visitor, `${SOCIAL_PATH}/${provider}`, {
      method: 'DELETE',
    });
    return { ok: true, message: `Your ${SOCIAL_LABEL[provider]} account is unlinked.` };
  } catch (error) {
    // The provider not answering (503) is said; anything else is the form's error or the step-up.
    if (error instanceof Response && error.status === 503) {
      return { ok: false, errors: { general: socialFailureMessage(error, provider) } };
    }
    return formFailureOrStepUp(visitor, error);
  }
}

type SecurityResult = FormResult & {
  step?: 'authenticator' | 'email';
  setup?: { secret: string; qrCode?: string; otpauthUri?: string };
  identifier?: string;
  locked?: boolean;
};

/** Only images the API drew: a data URL of an SVG or PNG, never a link elsewhere. */
function safeQr(value: unknown): string | undefined {
  return typeof value === 'string' && /^data:image\/(svg\+xml|png)[;,]/.test(value) ? value : undefined;
}

export async function action({ request, context }: Route.ActionArgs): Promise<SecurityResult | Response> {
  const visitor = visitorOf(context);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  if (intent === 'link' || intent === 'unlink') {
    return changeSignInMethod(visitor, intent, formText(form, 'provider'));
  }
  try {
    switch (intent) {
      case 'start-authenticator': {
        const { result } = await customerRequest(
          AuthenticatorSetupSchema,
          visitor,
          `${CONFIG_PATH}/authenticator`,
          {
            method: 'POST',
            body: {},
          },
        );
        return {
          ok: true,
          step: 'authenticator',
          setup: { secret: result.secret, qrCode: safeQr(result.qrCode), otpauthUri: result.otpauthUri },
        };
      }
      case 'start-email': {
        const { result } = await customerRequest(CodeSentSchema, visitor, `${CONFIG_PATH}/email`, {
          method: 'POST',
          body: {},
        });
        return { ok: true, step: 'email', identifier: result?.identifier ?? undefined };
      }
      case 'confirm-authenticator':
      case 'confirm-email': {
        const method = intent === 'confirm-email' ? 'email' : 'authenticator';
        const otp = otpFromForm(form);
        const keep = {
          step: method,
          setup:
            method === 'authenticator'
              ? {
                  secret: formText(form, 'secret'),
                  qrCode: safeQr(formText(form, 'qrCode')),
                  otpauthUri: formText(form, 'otpauthUri') || undefined,
                }
              : undefined,
          identifier: formText(form, 'identifier') || undefined,
        } as const;
        if (!isCompleteOtp(otp)) return { ok: false, ...keep, errors: { otp: OTP_MESSAGES.required } };
        try {
          await customerRequest(TwoFactorConfigSchema, visitor, `${CONFIG_PATH}/${method}`, {
            method: 'PUT',
            body: { otp },
          });
        } catch (error) {
          if (error instanceof ApiError && (error.code === '2fa_account_locked' || error.status === 423)) {
            return { ok: false, ...keep, locked: true };
          }
          if (error instanceof ApiError && error.code.startsWith('2fa_')) {
            return { ok: false, ...keep, errors: { otp: OTP_MESSAGES.incorrect } };
          }
          throw error;
        }
        forgetCustomer(visitor);
        return { ok: true, message: 'Two-factor authentication is on.' };
      }
      case 'disable': {
        await customerRequest(TwoFactorConfigSchema, visitor, CONFIG_PATH, { method: 'DELETE' });
        forgetCustomer(visitor);
        return { ok: true, message: 'Two-factor authentication is off.' };
      }
      default:
        return { ok: false, errors: { general: 'Something went wrong' } };
    }
  } catch (error) {
    return formFailureOrStepUp(visitor, error);
  }
}

function methodLabel(method: string | null | undefined): string {
  if (method === 'authenticator') return 'Authenticator app';
  if (method === 'email') return 'Email codes';
  if (method === 'sms') return 'Text message codes';
  return 'None';
}

/** Where the codes of the method on come from: an authenticator app makes them, email receives them. */
function codesText(method: string | null | undefined, identifier: string): string {
  return method === 'authenticator'
    ? `Codes come from your authenticator app (${identifier}).`
    : `Codes go to ${identifier}.`;
}

export default function LoginAndSecurity({ loaderData }: Route.ComponentProps) {
  const { config, signInMethods } = loaderData;
  const fetcher = useFetcher<SecurityResult | undefined>();
  const onSubmit = useStepUpReplay(fetcher);
  const notify = useNotify();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const busyIntent = fetcher.state !== 'idle' ? fetcher.formData?.get('intent') : undefined;
  useEffect(() => {
    if (result?.ok && result.message) notify({ level: 'success', message: result.message });
  }, [result, notify]);
  const step = result?.step;
  const since = formatCalendarDate(config.since);
  const methods = config.methods ?? ['authenticator', 'email'];

  return (
    <section aria-labelledby="security-heading">
      <h1 id="security-heading" className="text-3xl font-extrabold">
        Login and security
      </h1>

      <h2 className="mt-8 text-2xl font-bold">Password</h2>
      <p className="mt-2">
        <Link to="/change-Password" className="link" data-testid="change-password-link">
          Change password
        </Link>
      </p>

      {signInMethods ? <SignInMethods methods={signInMethods} /> : null}

      <h2 className="mt-8 text-2xl font-bold">Two-factor authentication</h2>
      <div className="mt-2 rounded-lg bg-surface p-4" data-testid="two-factor-status" role="status">
        {config.enabled ? (
          <>
            <p className="font-semibold">On: {methodLabel(config.method)}</p>
            {config.identifier ? <p>{codesText(config.method, config.identifier)}</p> : null}
            {since ? <p>Since {since}.</p> : null}
          </>
        ) : (
          <p className="font-semibold">Off</p>
        )}
        {config.rememberForDays ? (
          <p className="mt-1 text-sm">
            After you enter a code, this device is remembered for {config.rememberForDays} days.
          </p>
        ) : null}
      </div>
      <FormAlert error={result?.errors?.general} />

      {config.enabled ? (
        <fetcher.Form method="post" onSubmit={onSubmit}>
          <SubmitButton
            busy={busyIntent === 'disable'}
            label="Turn off two-factor authentication"
            busyLabel="Turning off..."
            name="intent"
            value="disable"
            variant="secondary"
            testId="disable-two-factor"
          />
        </fetcher.Form>
      ) : step === 'authenticator' && result?.setup ? (
        <ConfirmCode
          intent="confirm-authenticator"
          result={result}
          busy={busyIntent === 'confirm-authenticator'}
          fetcher={fetcher}
          onSubmit={onSubmit}
        >
          <p className="mt-4">
            Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6
            digit code it shows.
          </p>
          {result.setup.qrCode ? (
            <img
              src={result.setup.qrCode}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
              className="mt-4 rounded bg-white p-2"
              data-testid="authenticator-qr"
            />
          ) : null}
          <p className="mt-4">
            Key:{' '}
            <code
              className="break-all rounded bg-surface px-2 py-1 font-mono text-lg"
              data-testid="authenticator-secret"
            >
              {result.setup.secret}
            </code>
          </p>
          <input type="hidden" name="secret" value={result.setup.secret} />
          <input type="hidden" name="qrCode" value={result.setup.qrCode ?? ''} />
          <input type="hidden" name="otpauthUri" value={result.setup.otpauthUri ?? ''} />
        </ConfirmCode>
      ) : step === 'email' ? (
        <ConfirmCode
          intent="confirm-email"
          result={result}
          busy={busyIntent === 'confirm-email'}
          fetcher={fetcher}
          onSubmit={onSubmit}
        >
          <p className="mt-4">
            We emailed a 6 digit code{result?.identifier ? ` to ${result.identifier}` : ''}. Enter it to turn
            on email codes.
          </p>
          <input type="hidden" name="identifier" value={result?.identifier ?? ''} />
        </ConfirmCode>
      ) : (
        <fetcher.Form method="post" onSubmit={onSubmit} className="flex flex-wrap gap-3">
          {methods.includes('authenticator') ? (
            <SubmitButton
              busy={busyIntent === 'start-authenticator'}
              label="Use an authenticator app"
              busyLabel="Starting..."
              name="intent"
              value="start-authenticator"
              testId="enable-authenticator"
            />
          ) : null}
          {methods.includes('email') ? (
            <SubmitButton
              busy={busyIntent === 'start-email'}
              label="Use codes by email"
              busyLabel="Sending a code..."
              name="intent"
              value="start-email"
              variant="secondary"
              testId="enable-email-codes"
            />
          ) : null}
        </fetcher.Form>
      )}
    </section>
  );
}

function ConfirmCode({
  intent,
  result,
  busy,
  fetcher,
  onSubmit,
  children,
}: {
  intent: string;
  result: SecurityResult | undefined;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<SecurityResult | undefined>>;
  onSubmit: ReturnType<typeof useStepUpReplay>;
  children: React.ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <fetcher.Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      data-testid="two-factor-confirm-form"
    >
      {children}
      <OtpInput
        error={result?.errors?.otp}
        locked={result?.locked}
        resetKey={result?.errors ? result : undefined}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          busy={busy}
          disabled={result?.locked}
          label="Continue"
          busyLabel="Checking..."
          name="intent"
          value={intent}
          testId="otp-continue"
        />
        <Link to="/my-account/login-and-security" reloadDocument className="link mt-6">
          Cancel
        </Link>
      </div>
    </fetcher.Form>
  );
}
