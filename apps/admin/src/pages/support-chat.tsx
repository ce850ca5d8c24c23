/**
 * `/support-chat` (support): whether a chat team is on duty. The shop offers "Chat Online" while chat
 * is switched on and within the chat hours shown here (in the site's time zone).
 */
import { type AdminSupportChat, AdminSupportChatSchema } from '@drawhouse/contract';
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useActionData,
  useLoaderData,
} from 'react-router';
import { adminCall } from '../lib/api';
import { type ActionResult, refusal } from '../lib/forms';
import type { AdminPage } from '../page';
import { ErrorSummary, Notice, PageTitle } from '../ui';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

async function chatLoader({ request }: LoaderFunctionArgs): Promise<AdminSupportChat> {
  return adminCall(AdminSupportChatSchema, 'GET', '/support/chat', { signal: request.signal });
}

async function chatAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const chatOn = form.get('chatOn') === 'on';
  try {
    const chat = await adminCall(AdminSupportChatSchema, 'PATCH', '/support/chat', { body: { chatOn } });
    return {
      notice: chat.chatAvailable
        ? 'Chat is on: the shop offers Chat Online within a couple of minutes.'
        : chat.chatOn
          ? 'Chat is on: the shop offers Chat Online during the chat hours.'
          : 'Chat is off: the shop no longer offers Chat Online.',
    };
  } catch (error) {
    return refusal(error, request);
  }
}

function SupportChatPage() {
  const chat = useLoaderData() as AdminSupportChat;
  const result = useActionData() as ActionResult | undefined;
  return (
    <>
      <PageTitle>Support chat</PageTitle>
      <ErrorSummary message={result?.error} />
      <Notice message={result?.notice} />
      <p className="mb-4" data-testid="chat-state">
        {chat.chatAvailable ? 'The shop offers Chat Online now.' : 'The shop does not offer Chat Online now.'}
      </p>
      <h2 className="mb-2 text-xl font-bold">Chat hours</h2>
      <ul className="mb-6 list-disc pl-6">
        {chat.chatHours.map((h) => (
          <li key={`${h.day}-${h.opens}`}>
            {DAYS[h.day]}: {h.opens} to {h.closes}
          </li>
        ))}
      </ul>
      <Form method="post" key={String(chat.chatOn)}>
        <p className="mb-4">
          <input type="checkbox" id="chat-on" name="chatOn" defaultChecked={chat.chatOn} className="mr-1" />
          <label htmlFor="chat-on">A chat team is on duty: offer Chat Online during the chat hours</label>
        </p>
        <button type="submit" className="button-primary">
          Save
        </button>
      </Form>
    </>
  );
}

export const supportChatPage: AdminPage = {
  path: '/support-chat',
  label: 'Support chat',
  role: 'support',
  loader: chatLoader,
  action: chatAction,
  Component: SupportChatPage,
};
