import { randomInt, randomUUID } from 'node:crypto';
import { groupNameRefusal } from '@drawhouse/domain';
import { join } from './account-helpers.ts';
import { expect, expectAccessible, type Page, test } from './fixtures.ts';
import { payWithNewCard } from './ticket-helpers.ts';

/** A group name no other run has taken (and none that the profanity check could refuse by chance). */
function uniqueGroupName(prefix: string): string {
  for (;;) {
    const name = `${prefix} ${randomInt(10 ** 9)}`;
    if (groupNameRefusal(name) === null) return name;
  }
}

/** Signs a new customer up and waits until the header shows them signed in. */
async function newCustomer(page: Page, name: string) {
  await join(page, `lotto-party-${name.toLowerCase()}-${randomUUID()}@example.com`, name);
  await expect(page.getByTestId('account-button')).toBeVisible();
}

/** Buys what the cart holds with the test card and checks the cart held these shares of the group. */
async function checkOutShares(page: Page, groupName: string, shares: number) {
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(groupName).first()).toBeVisible();
  await expect(page.getByText(new RegExp(`${shares} shares?`)).first()).toBeVisible();
  await payWithNewCard(page);
}

test('two friends play one Lotto Party: one starts it in the modal and invites, the other joins and buys, both see one session', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const groupName = uniqueGroupName('Friday Crew');

  // Sam starts the party on Powerball's Lotto Party page.
  await newCustomer(page, 'Sam');
  await page.goto('/powerball/lotto-party');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Powerball Lotto Party');
  await expectAccessible(page);
  const start = page.getByRole('button', { name: 'Start a Lotto Party' });
  await start.click();
  const modal = page.getByTestId('lotto-party-create');
  await expect(modal).toBeVisible();
  // Escape closes the modal and focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(start).toBeFocused();
  await start.click();
  await expect(modal.getByRole('heading', { name: 'Name your group' })).toBeFocused();
  await expectAccessible(page);

  // A name with an offensive word is refused on the name field before anything is made.
  await modal.getByLabel('Group name').fill('fuck this');
  await modal.getByRole('button', { name: 'Create group' }).click();
  await expect(modal.getByLabel('Group name')).toHaveAttribute('aria-invalid', 'true');
  await modal.getByLabel('Group name').fill(groupName);
  await modal.getByRole('button', { name: 'Create group' }).click();

  await expect(modal.getByRole('heading', { name: 'Choose a draw' })).toBeVisible();
  await expect(modal.getByRole('radio').first()).toBeChecked();
  // The group is made: there is no going back to name it again.
  await expect(modal.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Next' }).click();

  await modal.getByLabel('Share price (dollars)').fill('0.50');
  await modal.getByRole('button', { name: 'Next' }).click();
  await expect(modal.getByLabel('Share price (dollars)')).toHaveAttribute('aria-invalid', 'true');
  await modal.getByLabel('Share price (dollars)').fill('2.50');
  await modal.getByLabel('Number of shares').fill('10');
  await modal.getByRole('button', { name: 'Next' }).click();

  await modal.getByRole('radio', { name: /No, just this draw/ }).check();
  await modal.getByRole('button', { name: 'Next' }).click();

  await expect(modal.getByTestId('lotto-party-summary')).toContainText('10 at $2.50: a pot of up to $25.00');
  await expect(modal.getByTestId('lotto-party-summary')).toContainText('Off: this draw only');
  await modal.getByLabel('Shares to buy now').fill('2');
  await modal.getByRole('button', { name: 'Open session' }).click();
  await expect(modal.getByRole('heading', { name: 'Your Lotto Party is on' })).toBeVisible();
  const linkBox = modal.getByLabel('Invite link');
  await expect(linkBox).toHaveValue(/\/lotto-party\/invite\/[A-Za-z0-9_-]{20,}$/);
  await modal.getByRole('button', { name: 'Copy link' }).click();
  await expect(modal.getByText('Link copied.')).toBeVisible();
  const inviteUrl = String(await page.evaluate('navigator.clipboard.readText()'));
  expect(inviteUrl).toBe(await linkBox.inputValue());
  await expectAccessible(page);
  await modal.getByRole('link', { name: 'Go to cart' }).click();
  await checkOutShares(page, groupName, 2);

  // Alex opens the link in a browser of their own, joins and buys three shares.
  const friendContext = await browser.newContext({
    extraHTTPHeaders: { 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  // As the fixture does for the first browser: the card form's own calls to the API go without the address.
  await friendContext.route(`http://127.0.0.1:${process.env.E2E_API_PORT}/**`, (route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-forwarded-for'];
    return route.continue({ headers });
  });
  const friend = await friendContext.newPage();
  const friendErrors: string[] = [];
  friend.on('pageerror', (e) => friendErrors.push(e.message));
  friend.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('the server responded with a status of 404'))
      friendErrors.push(m.text());
  });
  // Signed out, the link asks Alex to sign in first and brings them back after joining Drawhouse.
  await friend.goto(inviteUrl);
  await expectAccessible(friend);
  await friend.getByRole('link', { name: 'Sign in to join' }).click();
  await expect(friend).toHaveURL(/\/login\?redirectTo=/);
  await join(friend, `lotto-party-alex-${randomUUID()}@example.com`, 'Alex', undefined, null);
  await expect(friend).toHaveURL(inviteUrl);
  const invite = friend.getByTestId('lotto-party-invite');
  await expect(invite.getByRole('heading', { level: 1 })).toHaveText(`Join ${groupName}`);
  await expectAccessible(friend);
  await invite.getByRole('button', { name: `Join ${groupName}` }).click();
  await expect(invite.getByTestId('lotto-party-joined')).toBeVisible();
  const card = invite.getByTestId('lotto-party-session-card');
  await expect(card).toContainText('2 of 10 shares sold');
  await card.getByLabel(/Shares to buy/).fill('3');
  await card.getByRole('button', { name: 'Add shares to cart' }).click();
  await checkOutShares(friend, groupName, 3);

  // Both see the same session: five of ten shares, Sam's two and Alex's three.
  await friend.goto(inviteUrl);
  await friend.getByRole('link', { name: 'Go to the group' }).click();
  await expect(friend.getByTestId('lotto-party-members')).toContainText('Sam L.');
  await expectAccessible(friend);
  await friend
    .getByTestId('lotto-party-group')
    .getByRole('link', { name: /Powerball/ })
    .click();
  await expect(friend).toHaveURL(/\/my-account\/lotto-party\/session\/[\w-]+$/);
  const sessionUrl = friend.url();
  for (const [viewer, me, other, order] of [
    [friend, 'Alex L. (you): 3 shares', 'Sam L.: 2 shares', '3 shares for $7.50'],
    [page, 'Sam L. (you): 2 shares', 'Alex L.: 3 shares', '2 shares for $5.00'],
  ] as const) {
    await viewer.goto(sessionUrl);
    const session = viewer.getByTestId('lotto-party-session');
    await expect(session).toContainText('5 of 10 shares sold');
    await expect(session).toContainText('$12.50');
    await expect(session.getByTestId('lotto-party-holdings')).toContainText(me);
    await expect(session.getByTestId('lotto-party-holdings')).toContainText(other);
    await expectAccessible(viewer);
    await viewer.goto(sessionUrl.replace('/my-account/lotto-party/session/', '/lotto-party/ticket/'));
    const ticket = viewer.getByTestId('lotto-party-ticket');
    await expect(ticket.getByRole('heading', { level: 1 })).toHaveText(`Lotto Party ticket: ${groupName}`);
    await expect(ticket.getByTestId('lotto-party-holdings')).toContainText(me);
    await expect(ticket.getByTestId('lotto-party-orders')).toContainText(order);
    await expectAccessible(viewer);
  }

  // Sam turns the autosession on, then pauses it; the page says where it stands after each. The
  // session's short address (the one the feed links) leads to the same page.
  await page.goto(sessionUrl.replace('/my-account/lotto-party/session/', '/lotto-party/session/'));
  await expect(page).toHaveURL(sessionUrl);
  const autosession = page.getByTestId('lotto-party-autosession');
  await expect(autosession).toHaveText(/^Off/);
  await page.getByRole('button', { name: 'Turn autosession on' }).click();
  await expect(autosession).toHaveText(/^On: a new session opens for the next draw/);
  await page.getByRole('button', { name: 'Pause autosession' }).click();
  await expect(autosession).toHaveText(/^Paused/);
  await expect(page.getByRole('button', { name: 'Turn autosession on' })).toBeVisible();

  // The group's name is the group's alone: Alex cannot start another group by it.
  await friend.goto('/powerball/lotto-party');
  await expect(friend.getByTestId('lotto-party-session-card')).toContainText(groupName);
  await friend.getByRole('button', { name: 'Start a Lotto Party' }).click();
  const friendModal = friend.getByTestId('lotto-party-create');
  await friendModal.getByLabel('Group name').fill(groupName.toUpperCase());
  await friendModal.getByRole('button', { name: 'Create group' }).click();
  await expect(friendModal.getByLabel('Group name')).toHaveAttribute('aria-invalid', 'true');
  await expect(friendModal.getByRole('heading', { name: 'Name your group' })).toBeVisible();

  // A link that is not one the shop made says so; so does the first link once Sam makes a new one.
  await friend.goto('/lotto-party/invite/not-a-real-token-at-all');
  await expect(friend.getByTestId('lotto-party-invite').getByRole('alert')).toContainText(
    'This invite link is not one we know',
  );
  await page.goto(sessionUrl);
  await page.getByRole('button', { name: 'Make an invite link' }).click();
  await expect(page.getByLabel('Invite link')).not.toHaveValue(inviteUrl);
  await expect(page.getByLabel('Invite link')).toHaveValue(/\/lotto-party\/invite\//);
  await friend.goto(inviteUrl);
  await expect(friend.getByTestId('lotto-party-invite').getByRole('alert')).toContainText(
    'This invite link has been used up or has expired',
  );
  // Alex holds shares in the open session: leaving the group waits until its result is in.
  await friend.goto(sessionUrl);
  await friend.getByRole('link', { name: `${groupName}: all sessions` }).click();
  await friend.getByRole('button', { name: 'Leave this group' }).click();
  await friend.getByRole('button', { name: `Yes, leave ${groupName}` }).click();
  await expect(friend.getByRole('alert')).toContainText(
    'You hold shares in a session that is not settled yet',
  );
  await expect(friend.getByTestId('lotto-party-members')).toContainText('(you)');
  expect(friendErrors, 'browser console errors of the second customer').toEqual([]);
  await friendContext.close();
});

test('a signed-in customer opens the modal from navigation state for an existing group, starting at the draw', async ({
  page,
}) => {
  // A long journey (three axe runs, eight pages): about 30 s on a busy machine.
  test.setTimeout(60_000);
  await newCustomer(page, 'Kim');
  await page.goto('/lotto-party');
  await expect(page.getByTestId('lotto-party-landing')).toContainText('The rules');
  await expectAccessible(page);
  await page.goto('/lotto-party/group');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How a Lotto Party works');
  await expect(page.getByTestId('lotto-party-example')).toContainText(
    'the pot buys 32 quick-pick games for $49.60',
  );
  await page.goto('/social-play');
  await expect(page.getByRole('heading', { name: 'Open Lotto Parties' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/my-account');
  await page
    .getByRole('navigation', { name: 'My account' })
    .getByRole('link', { name: 'Lotto Party' })
    .click();
  await expect(page.getByTestId('lotto-party-groups')).toContainText('You are in no group yet');

  // A group made and the modal left at the draw: the group's page starts a session for it.
  const groupName = uniqueGroupName("Kim's Pool");
  await page.goto('/oz-lotto/lotto-party');
  await page.getByRole('button', { name: 'Start a Lotto Party' }).click();
  const modal = page.getByTestId('lotto-party-create');
  await modal.getByLabel('Group name').fill(groupName);
  await modal.getByRole('button', { name: 'Create group' }).click();
  await expect(modal.getByRole('heading', { name: 'Choose a draw' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/my-account/lotto-party');
  await expectAccessible(page);
  await page.getByRole('link', { name: groupName }).click();
  await expect(page.getByTestId('lotto-party-group')).toContainText('No sessions yet.');
  // The owner promotes the group; private goes to promoted first, never straight to public.
  const publicity = page.getByTestId('lotto-party-publicity');
  await expect(publicity).toContainText('Private:');
  await expect(page.getByRole('button', { name: 'Make public' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Promote on Play together' }).click();
  await expect(publicity).toContainText('Promoted:');
  await expect(page.getByRole('button', { name: 'Make public' })).toBeVisible();
  await page.getByRole('link', { name: 'Start a session' }).click();
  const reopened = page.getByTestId('lotto-party-create');
  await expect(reopened.getByRole('heading', { name: 'Choose a draw' })).toBeFocused();
  await expect(reopened).toContainText(`Step 1 of 4 · ${groupName}`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(reopened).toHaveCount(0);
  // The spent navigation state does not open the modal again on a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start a Lotto Party' })).toBeVisible();
  await expect(page.getByTestId('lotto-party-create')).toHaveCount(0);

  await page.goto('/my-account/lotto-party/ticket/00000000-0000-0000-0000-000000000000');
  await expect(page.getByTestId('lotto-party-ticket')).toContainText(
    'We were unable to load your Lotto Party ticket. Please try again later.',
  );
});
