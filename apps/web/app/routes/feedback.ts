import { FeedbackEventResultSchema, FeedbackRatingSchema } from '@drawhouse/contract';
import { data, redirect } from 'react-router';
import type { FeedbackResult } from '../features/feedback/feedback-result';
import { api } from '../lib/api.server';
import { customerRequest } from '../lib/customer.server';
import { formFailure } from '../lib/form-errors.server';
import { formText } from '../lib/forms';
import { loadSite, siteHas } from '../lib/site.server';
import { callerOf, visitorOf } from '../lib/visitor.server';
import type { Route } from './+types/feedback';

/** The shop's release as the feedback event names it (the deployment's, else this build's). */
const RELEASE = process.env.DRAWHOUSE_RELEASE || 'internal';
const VERSION = '1.0.0';

/**
 * The feedback modal's send: the event with the client information (release, Web, version, the
 * browser's time zone and language), the page it was sent from and the visitor's sub-variant.
 * Behind the feedback capability.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<FeedbackResult> {
  const visitor = visitorOf(context);
  const site = await loadSite(visitor);
  if (!siteHas(site, 'feedback')) throw data(null, { status: 404 });
  const form = await request.formData();
  const rating = FeedbackRatingSchema.safeParse(formText(form, 'rating'));
  if (!rating.success) return { ok: false, errors: { rating: 'Please choose a rating.' } };
  const body = {
    category: 'user',
    eventType: 'feedback_event',
    name: 'feedback',
    rating: rating.data,
    comment: formText(form, 'comment'),
    email: visitor.signedIn ? '' : formText(form, 'email'),
    source: formText(form, 'source') || '/',
    variant: visitor.link.subVariant ?? null,
    clientInformation: {
      release: RELEASE,
      name: 'Web',
      version: VERSION,
      clientEnvironment: {
        timezone: formText(form, 'timezone') || site.config.timezone,
        locale: formText(form, 'locale') || site.config.locale,
      },
    },
  };
  const options = { method: 'POST' as const, body };
  try {
    if (visitor.signedIn) await customerRequest(FeedbackEventResultSchema, visitor, '/event', options);
    else
      await api.request(FeedbackEventResultSchema, 'main', '/event', {
        ...options,
        caller: callerOf(visitor),
      });
    return { ok: true };
  } catch (error) {
    return formFailure(error);
  }
}

export function loader() {
  return redirect('/');
}
