import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { PageLinks } from '../../components/page-links';
import type { LottoPartyActionResult } from './lotto-party-actions.server';
import { type GroupView, PUBLICITY_ACTION, publicityChoices, type SessionView } from './lotto-party-view';
import { InviteSection } from './session-page';
import { StatusChoices } from './status-choices';

const BASE = '/my-account/lotto-party';
const ACTION = '/lotto-party/action';

/** The customer's groups, six a page, newest first. */
export function GroupListPage({ groups, page, pages }: { groups: GroupView[]; page: number; pages: number }) {
  return (
    <section aria-labelledby="groups-title" data-testid="lotto-party-groups">
      <h1 id="groups-title" className="text-3xl font-extrabold">
        Lotto Party
      </h1>
      <p className="mt-2">
        <Link to="/lotto-party/group" className="link">
          How a Lotto Party works
        </Link>
      </p>
      {groups.length === 0 ? (
        <p className="mt-4">
          You are in no group yet. Start one from a lottery's Lotto Party page, or join one with a friend's
          invite link.
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <li key={g.id} className="rounded-lg border border-black/20 p-4">
              <h2 className="text-lg font-bold">
                <Link to={`${BASE}/group/${encodeURIComponent(g.id)}`} className="link">
                  {g.name}
                </Link>
              </h2>
              <p className="text-sm">
                {g.memberText}
                {g.isOwner ? ' · you started it' : ''}
              </p>
              <p className="mt-1 text-sm">
                {g.openSession
                  ? `Open session: ${g.openSession.offerName}, ${g.openSession.sharesText}`
                  : 'No open session'}
              </p>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        label="Lotto Party group pages"
        page={page}
        pages={pages}
        previous={page > 1 ? `${BASE}/${page - 1}` : null}
        next={page < pages ? `${BASE}/${page + 1}` : null}
      />
    </section>
  );
}

/** A group: its members, its sessions (a page of them), starting a session, and the invite link. */
export function GroupPage({
  group,
  sessions,
  page,
  pages,
  playHref,
}: {
  group: GroupView;
  sessions: SessionView[];
  page: number;
  pages: number;
  playHref: string | null;
}) {
  const base = `${BASE}/group/${encodeURIComponent(group.id)}`;
  return (
    <section aria-labelledby="group-title" className="max-w-3xl" data-testid="lotto-party-group">
      <p>
        <Link to={BASE} className="link">
          All your groups
        </Link>
      </p>
      <h1 id="group-title" className="mt-2 text-3xl font-extrabold">
        {group.name}
      </h1>
      <h2 className="mt-6 text-xl font-bold">Members ({group.members.length})</h2>
      <ul className="mt-2 grid gap-1" data-testid="lotto-party-members">
        {group.members.map((m) => (
          <li key={`${m.name}-${m.isMe}-${m.isOwner}`}>
            {m.name}
            {m.isMe ? ' (you)' : ''}
            {m.isOwner ? ' · owner' : ''}
          </li>
        ))}
      </ul>
      {playHref && !group.openSession ? (
        <p className="mt-4">
          <Link
            to={playHref}
            state={{ shouldShowCreateGroupModal: true, groupId: group.id, groupName: group.name }}
            className="button-primary"
          >
            Start a session
          </Link>
        </p>
      ) : null}
      <h2 className="mt-6 text-xl font-bold">Sessions</h2>
      {sessions.length === 0 ? (
        <p className="mt-2">No sessions yet.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {sessions.map((s) => (
            <li key={s.id} className="rounded-lg bg-surface p-3">
              <Link to={`${BASE}/session/${encodeURIComponent(s.id)}`} className="link font-semibold">
                {s.offerName} · {s.drawText}
              </Link>
              <span className="block text-sm">
                {s.statusText} · {s.sharesText}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        label="Session pages"
        page={page}
        pages={pages}
        previous={page > 1 ? (page === 2 ? base : `${base}/${page - 1}`) : null}
        next={page < pages ? `${base}/${page + 1}` : null}
      />
      {group.isOwner ? <PublicityControls group={group} /> : null}
      {group.isOwner ? <InviteSection groupId={group.id} /> : null}
      {group.isOwner ? null : <LeaveGroup group={group} />}
    </section>
  );
}

/** A member's way out of a group, asked twice (the second button says which group). */
function LeaveGroup({ group }: { group: GroupView }) {
  const fetcher = useFetcher<LottoPartyActionResult>();
  const [asking, setAsking] = useState(false);
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <section aria-labelledby="leave-title" className="mt-6">
      <h2 id="leave-title" className="text-xl font-bold">
        Leave the group
      </h2>
      {asking ? (
        <fetcher.Form method="post" action={ACTION} className="mt-2 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="leave" />
          <input type="hidden" name="groupId" value={group.id} />
          <button type="submit" className="button-primary" disabled={fetcher.state !== 'idle'}>
            Yes, leave {group.name}
          </button>
          <button type="button" className="button-secondary" onClick={() => setAsking(false)}>
            Stay in the group
          </button>
        </fetcher.Form>
      ) : (
        <button type="button" className="button-secondary mt-2" onClick={() => setAsking(true)}>
          Leave this group
        </button>
      )}
      {settled && !settled.ok ? (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {settled.errors.general}
        </p>
      ) : null}
    </section>
  );
}

/** The owner's choice of who sees the group's sessions (moves by the domain's table). */
function PublicityControls({ group }: { group: GroupView }) {
  return (
    <section aria-labelledby="publicity-title" className="mt-6">
      <h2 id="publicity-title" className="text-xl font-bold">
        Who sees this group
      </h2>
      <p className="mt-1" data-testid="lotto-party-publicity">
        {group.publicityText}
      </p>
      <StatusChoices
        intent="publicity"
        idField="groupId"
        id={group.id}
        statusField="publicityStatus"
        choices={publicityChoices(group.publicity)}
        labels={PUBLICITY_ACTION}
      />
    </section>
  );
}
