import { EmptyResultSchema, MailboxSchema } from '@drawhouse/contract';
import { data, Form, useNavigation } from 'react-router';
import { ApiError, api } from '../../lib/api.server';
import { devMailboxEnabled } from '../../lib/config.server';
import { privateHeaders } from '../../lib/headers';
import { linkify } from '../../lib/linkify';
import { pageMeta } from '../../lib/meta';
import { publicCallerOf, visitorOf } from '../../lib/visitor.server';
import type { Route } from './+types/mailbox';

export const headers = privateHeaders;
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Development mailbox'),
  { name: 'robots', content: 'noindex' },
];

/** Only with DEV_MAILBOX=1 (refused in production), and only while the API shows its mailbox. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!devMailboxEnabled()) throw data(null, { status: 404 });
  try {
    const { result } = await api.rootRequest(MailboxSchema, '/dev/mailbox', {
      caller: publicCallerOf(visitorOf(context)),
    });
    return {
      messages: result.messages.map((m) => ({
        id: m.id,
        to: m.to.join(', '),
        subject: m.subject,
        text: m.text,
        receivedAt: m.receivedAt,
      })),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export async function action({ context }: Route.ActionArgs) {
  if (!devMailboxEnabled()) throw data(null, { status: 404 });
  await api.rootRequest(EmptyResultSchema, '/dev/mailbox', {
    method: 'DELETE',
    caller: publicCallerOf(visitorOf(context)),
  });
  return null;
}

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return <time dateTime={iso}>{date.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>;
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const { messages } = loaderData;
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-center gap-4">
        <h1 className="flex-1 text-3xl font-extrabold">Development mailbox</h1>
        <a href="/dev/mailbox" className="button-secondary">
          Refresh
        </a>
        <Form method="post">
          <button
            type="submit"
            disabled={busy || messages.length === 0}
            className="button-secondary disabled:opacity-60"
          >
            Empty the mailbox
          </button>
        </Form>
      </div>
      <p className="mt-2 text-muted">Mail the API sent while no SMTP server is set, newest first.</p>
      {messages.length === 0 ? (
        <p className="mt-6" data-testid="mailbox-empty">
          No mail yet.
        </p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {messages.map((mail) => (
            <li key={mail.id} className="rounded-lg border border-black/15 p-4" data-testid="mailbox-message">
              <article aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`} className="text-lg font-bold">
                  {mail.subject}
                </h2>
                <p className="text-sm text-muted">
                  To {mail.to} · <When iso={mail.receivedAt} />
                </p>
                <pre className="mt-3 whitespace-pre-wrap break-words font-sans">
                  {linkify(mail.text).map((part, index) =>
                    part.href ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order
                      <a key={index} href={part.href} className="link" rel="noopener noreferrer">
                        {part.text}
                      </a>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text, in order
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
