/**
 * `/banned-countries` (admin): the countries where the shop may not sell. A visitor located in one
 * cannot buy; an Australian customer travelling there confirms they are buying for themselves first.
 * A change holds from the shop's next request.
 */
import { type AdminBannedCountries, AdminBannedCountriesSchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal, text } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, Field, formatTime, Notice, PageTitle, TableHead } from '../ui';

async function bannedLoader({ request }: LoaderFunctionArgs): Promise<AdminBannedCountries> {
  return adminCall(AdminBannedCountriesSchema, 'GET', '/banned-countries', { signal: request.signal });
}

async function bannedAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const code = text(form, 'countryCode');
  try {
    if (intent === 'remove') {
      await adminCall(AdminBannedCountriesSchema, 'DELETE', `/banned-countries/${encodeURIComponent(code)}`);
      return { intent, notice: `The shop sells to visitors in ${text(form, 'name')} again.` };
    }
    const list = await adminCall(AdminBannedCountriesSchema, 'POST', '/banned-countries', {
      body: { countryCode: code },
    });
    const added = list.countries.find((c) => c.countryCode === code.toUpperCase());
    return { intent, notice: `${added?.name ?? code} is banned: visitors located there cannot buy.` };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

function BannedCountriesPage() {
  const { countries } = useLoaderData() as AdminBannedCountries;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <PageTitle>Banned countries</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <p className="mb-4">
        Visitors located in these countries cannot buy. An Australian customer travelling in one confirms they
        are an Australian resident buying for themselves before they buy.
      </p>
      <table className="mb-6" data-testid="banned-countries">
        <caption className="sr-only">Banned countries</caption>
        <TableHead columns={['Country', 'Code', 'Banned since', 'Action']} />
        <tbody>
          {countries.map((c) => (
            <tr key={c.countryCode}>
              <td className="pr-3">{c.name}</td>
              <td className="pr-3">{c.countryCode}</td>
              <td className="pr-3">{formatTime(c.createdAt)}</td>
              <td>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="countryCode" value={c.countryCode} />
                  <input type="hidden" name="name" value={c.name} />
                  <button type="submit" className="button-secondary" aria-label={`Remove ${c.name}`}>
                    Remove
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mb-2 text-xl font-bold">Ban a country</h2>
      <Form method="post" key={countries.length}>
        <input type="hidden" name="intent" value="add" />
        <Field
          label="Country code"
          name="countryCode"
          hint="Two letters (ISO 3166-1), for example NZ."
          maxLength={2}
          autoComplete="off"
          required
          errors={result?.intent === 'add' ? result.fieldErrors?.countryCode : undefined}
        />
        <button type="submit" className="button-primary">
          Ban country
        </button>
      </Form>
    </>
  );
}

export const bannedCountriesPage: AdminPage = {
  path: '/banned-countries',
  label: 'Banned countries',
  role: 'admin',
  loader: bannedLoader,
  action: bannedAction,
  Component: BannedCountriesPage,
};
