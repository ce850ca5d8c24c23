/**
 * `/offers` (content): every product offer and whether the shop shows it. An unpublished offer is
 * listed nowhere in the shop and its page is 404; the content role publishes or unpublishes an offer
 * here (audited) and asks for a preview link of an unpublished one, to see its page as it will look.
 */
import { AdminOfferSchema, type AdminOffers, AdminOffersSchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { adminCall } from '../lib/api';
import { refusal, text } from '../lib/forms';
import { type PreviewResult, previewLink } from '../lib/preview';
import type { AdminPage } from '../page';
import { ErrorSummary, Notice, PageTitle, ShopPreviewForm, TableHead } from '../ui';

const COLUMNS = ['Offer', 'Type', 'Shown in the shop', 'Change', 'Preview'] as const;

async function offersLoader({ request }: LoaderFunctionArgs): Promise<AdminOffers> {
  return adminCall(AdminOffersSchema, 'GET', '/content/offers', { signal: request.signal });
}

async function offersAction({ request }: ActionFunctionArgs): Promise<PreviewResult> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  const key = text(form, 'key');
  try {
    if (intent.startsWith('preview-')) return await previewLink(intent, { kind: 'offer', id: key });
    const published = text(form, 'published') === 'true';
    const offer = await adminCall(AdminOfferSchema, 'PATCH', `/content/offers/${encodeURIComponent(key)}`, {
      body: { published },
    });
    return {
      intent: 'publish',
      notice: published
        ? `${offer.name} is published: the shop shows it within a minute.`
        : `${offer.name} is unpublished: the shop no longer lists it.`,
    };
  } catch (error) {
    return refusal(error, request, intent);
  }
}

function OffersPage() {
  const { offers } = useLoaderData() as AdminOffers;
  const result = useActionData() as PreviewResult | undefined;
  return (
    <>
      <PageTitle>Offers</PageTitle>
      <p className="mb-4 max-w-2xl">
        An unpublished offer is listed nowhere in the shop and its page is not found. Preview it to see its
        page as it will look once published.
      </p>
      <ErrorSummary message={result?.intent === 'publish' ? result.error : undefined} />
      <Notice message={result?.notice} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Product offers, in the shop's order</caption>
          <TableHead columns={COLUMNS} />
          <tbody>
            {offers.map((offer) => {
              const intent = `preview-${offer.key}`;
              const mine = result?.intent === intent ? result : undefined;
              return (
                <tr key={offer.key} className="border-t border-muted" data-testid={`offer-row-${offer.key}`}>
                  <td className="py-1 pr-3">
                    {offer.name} <span className="font-mono text-muted">/{offer.key}</span>
                  </td>
                  <td className="py-1 pr-3">{offer.type.replaceAll('_', ' ')}</td>
                  <td className="py-1 pr-3">{offer.published ? 'Published' : 'Unpublished'}</td>
                  <td className="py-1 pr-3">
                    <Form method="post">
                      <input type="hidden" name="intent" value="publish" />
                      <input type="hidden" name="key" value={offer.key} />
                      <input type="hidden" name="published" value={offer.published ? 'false' : 'true'} />
                      <button type="submit" className="button-secondary">
                        {offer.published ? 'Unpublish' : 'Publish'}
                        <span className="sr-only"> {offer.name}</span>
                      </button>
                    </Form>
                  </td>
                  <td className="py-1 pr-3">
                    {offer.published ? null : (
                      <ShopPreviewForm
                        testId={`offer-shop-preview-${offer.key}`}
                        intent={intent}
                        fields={{ key: offer.key }}
                        button={`Preview ${offer.name} in the shop`}
                        error={mine?.error}
                        url={mine?.previewUrl}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const offersPage: AdminPage = {
  path: '/offers',
  label: 'Offers',
  role: 'content',
  loader: offersLoader,
  action: offersAction,
  Component: OffersPage,
};
