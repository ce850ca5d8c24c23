import { CommunicationPreferencesResultSchema } from '@drawhouse/contract';
import { useFetcher } from 'react-router';
import { FormAlert, SubmitButton } from '../components/form';
import { StandalonePage } from '../components/standalone-page';
import { useFormResult } from '../components/use-form-result';
import { customerGet, customerRequest, requireCustomer } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { type FormResult, formChecked } from '../lib/forms';
import { privateHeaders } from '../lib/headers';
import { pageMeta } from '../lib/meta';
import type { ScreenHandle } from '../lib/route-records';
import { loadSite, requireScreen } from '../lib/site.server';
import { visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/communication-preferences';

export const handle: ScreenHandle = { screenName: 'communication-preferences' };
export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Communication preferences');

export const METHOD_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone calls',
  sms: 'Text messages',
  directmail: 'Letters in the post',
};
const METHODS = ['email', 'phone', 'sms', 'directmail'] as const;

function preferencesPath(customerId: string | undefined) {
  return `/customer/${encodeURIComponent(customerId ?? '')}/communication-preferences`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  requireScreen(await loadSite(visitor), 'communication-preferences');
  const current = await customerGet(
    CommunicationPreferencesResultSchema,
    visitor,
    preferencesPath(visitor.customerId),
  );
  const enabled = current.features?.methodsEnabled ?? [...METHODS];
  return {
    methods: METHODS.filter((m) => enabled.includes(m)),
    preferences: current.preferences ?? {},
    winnerPublicity: current.winnerPublicity,
    marketingOffReason: current.marketingOffReason,
  };
}

/** What winners lists may show of the customer. */
const PUBLICITY = [
  { value: 'first_name_suburb', label: 'My first name and suburb' },
  { value: 'none', label: 'Nothing: "A Drawhouse customer"' },
] as const;
type Publicity = (typeof PUBLICITY)[number]['value'];

function publicityOf(value: FormDataEntryValue | null): Publicity | undefined {
  return PUBLICITY.find((p) => p.value === value)?.value;
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const visitor = visitorOf(context);
  requireCustomer(visitor);
  const form = await request.formData();
  const preferences: Record<string, boolean> = {};
  for (const method of form.getAll('method')) {
    if (typeof method === 'string' && (METHODS as readonly string[]).includes(method)) {
      preferences[method] = formChecked(form, `pref_${method}`);
    }
  }
  try {
    await customerRequest(
      CommunicationPreferencesResultSchema,
      visitor,
      preferencesPath(visitor.customerId),
      {
        method: 'PUT',
        body: { preferences, winnerPublicity: publicityOf(form.get('winner_publicity')) },
      },
    );
    return { ok: true, message: 'Your communication preferences have been saved.' };
  } catch (error) {
    return formFailure(error);
  }
}

export default function CommunicationPreferencesPage({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<FormResult | undefined>();
  const busy = fetcher.state !== 'idle';
  const { errors, settled } = useFormResult(fetcher.data, busy);
  // A self-excluded customer sees the channels off and cannot switch them on, with the reason.
  const offReason = loaderData.marketingOffReason;
  return (
    <StandalonePage title="Communication preferences">
      <fetcher.Form method="post" data-testid="communication-preferences-form" aria-labelledby="page-heading">
        <FormAlert error={errors.general} success={settled?.ok ? settled.message : undefined} />
        <fieldset className="mt-4">
          <legend className="font-semibold">How may we contact you with news and offers?</legend>
          {offReason ? (
            <p id="marketing-off-reason" data-testid="marketing-off-reason" className="mt-2 text-sm">
              {offReason}
            </p>
          ) : null}
          {loaderData.methods.map((method) => (
            <div key={method} className="mt-3 flex items-center gap-2">
              <input type="hidden" name="method" value={method} />
              <input
                id={`pref-${method}`}
                type="checkbox"
                name={`pref_${method}`}
                defaultChecked={!offReason && loaderData.preferences[method] === true}
                disabled={offReason !== null}
                aria-describedby={offReason ? 'marketing-off-reason' : undefined}
                className="h-5 w-5 disabled:opacity-60"
              />
              <label htmlFor={`pref-${method}`}>{METHOD_LABELS[method]}</label>
            </div>
          ))}
        </fieldset>
        <p className="mt-4 text-sm text-muted">
          Messages about your account, tickets and prizes are always sent.
        </p>
        <fieldset className="mt-6" data-testid="winner-publicity">
          <legend className="font-semibold">When you win, what may our winners lists show?</legend>
          {PUBLICITY.map((option) => (
            <div key={option.value} className="mt-3 flex items-center gap-2">
              <input
                id={`publicity-${option.value}`}
                type="radio"
                name="winner_publicity"
                value={option.value}
                defaultChecked={loaderData.winnerPublicity === option.value}
                className="h-5 w-5"
              />
              <label htmlFor={`publicity-${option.value}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
        <SubmitButton busy={busy} label="Save my preferences" busyLabel="Saving..." />
      </fetcher.Form>
    </StandalonePage>
  );
}
