import { expect, test } from '@playwright/test';
import {
  followMailLink,
  openProject,
  PASSWORD,
  passwordField,
  signUpWithOrganization,
  uniqueSuffix,
} from './helpers.ts';

test('one member comments with a mention; the other sees the comment and the notification appear without reloading', async ({
  browser,
}) => {
  const suffix = uniqueSuffix();
  const orgName = `Studio ${suffix}`;
  const memberEmail = `grace.${suffix}@example.com`;
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpWithOrganization(owner, { email: `ada.${suffix}@example.com`, orgName });

  await owner.getByTestId('user-menu').click();
  await owner.getByRole('menuitem', { name: 'Organization settings' }).click();
  await owner.getByLabel('Email addresses').fill(memberEmail);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owner.getByTestId('invites')).toContainText(memberEmail);

  // Grace works from her phone (#32): 390 × 844, by touch.
  const memberContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const member = await memberContext.newPage();
  await followMailLink(member, memberEmail, `You are invited to ${orgName}`);
  await member.getByLabel('First name').fill('Grace');
  await member.getByLabel('Last name').fill('Hopper');
  await passwordField(member).fill(PASSWORD);
  await member.getByRole('button', { name: 'Join' }).click();
  await expect(member.getByTestId('organization-name')).toHaveText(orgName);

  // The owner makes a project and a published hypothesis.
  await owner.goto(new URL('/', owner.url()).toString());
  await owner.getByRole('button', { name: 'New project' }).click();
  await owner.getByLabel(/^Name/).fill('Coffee cart');
  await owner.getByRole('button', { name: 'Create' }).click();
  await openProject(owner, 'Coffee cart');
  await owner
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  const ownerDialog = owner.getByRole('dialog');
  await ownerDialog.getByLabel('Title').fill('Nurses buy coffee at 6am');
  await expect(ownerDialog.getByTestId('saved-check').first()).toBeVisible();
  await ownerDialog.getByRole('button', { name: 'Publish' }).click();
  await expect(ownerDialog.getByText('Draft', { exact: true })).toBeHidden();

  // The member opens the same card.
  await member.goto(owner.url());
  const memberDialog = member.getByRole('dialog');
  await expect(memberDialog.getByLabel('Title')).toHaveValue('Nurses buy coffee at 6am');
  await expect(memberDialog.getByTestId('comments')).toContainText('Comments (0)');
  await expect(member.getByTestId('unread-count')).toHaveCount(0);

  // The owner comments and mentions Grace, picked from the suggestions.
  const composer = ownerDialog.getByRole('textbox', { name: 'Write a comment' });
  await composer.fill('Can you check this at the hospital, @Gra');
  await owner.getByRole('option', { name: 'Grace Hopper' }).click();
  await expect(composer).toHaveValue('Can you check this at the hospital, @Grace Hopper ');
  await composer.fill('Can you check this at the hospital, @Zz');
  await expect(ownerDialog.getByRole('listbox', { name: 'Mention suggestions' })).toHaveText(
    'No result',
  );
  await composer.fill('Can you check this at the hospital, @Gra');
  await owner.getByRole('option', { name: 'Grace Hopper' }).click();
  await ownerDialog.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(ownerDialog.getByTestId('comment')).toContainText('@Grace Hopper');

  // Without reloading, Grace sees the comment on the card and the notification in the header.
  await expect(memberDialog.getByTestId('comment')).toContainText(
    'Can you check this at the hospital, @Grace Hopper',
    { timeout: 5000 },
  );
  await expect(member.getByTestId('unread-count')).toHaveText('1', { timeout: 5000 });
  await member.screenshot({ path: 'test-results/collaboration-comment.png' });
  await memberDialog.getByRole('button', { name: 'Close card' }).click();

  // In the inbox: the mention opens the card on its comments, where Grace replies; opening it
  // read it, so the count is back to zero.
  await member.getByRole('link', { name: /^Inbox/ }).tap();
  const notification = member.getByTestId('notification');
  await expect(notification).toContainText(
    'Ada Lovelace mentioned you on Nurses buy coffee at 6am',
  );
  await expect(member.getByTestId('inbox-unread')).toHaveText('1 unread');
  await member.screenshot({ path: 'test-results/inbox.png' });
  await notification.getByTestId('open-notification').tap();
  const reply = memberDialog.getByRole('textbox', { name: 'Write a comment' });
  await expect(reply).toBeVisible();
  await reply.fill('Yes, I will ask the night shift tomorrow.');
  await memberDialog.getByRole('button', { name: 'Comment', exact: true }).tap();
  await expect(ownerDialog.getByTestId('comment').last()).toContainText(
    'Yes, I will ask the night shift tomorrow.',
  );
  await member.screenshot({ path: 'test-results/phone-reply.png' });
  await memberDialog.getByRole('button', { name: 'Close card' }).tap();
  await expect(member.getByTestId('inbox-unread')).toHaveText('0 unread');
  await expect(member.getByTestId('unread-count')).toHaveCount(0);

  // Grace chooses the daily digest; it stays chosen.
  await member.getByText('Daily digest').click();
  await expect(member.getByRole('switch', { name: 'Also by email' })).toBeChecked();
  await member.reload();
  const preferences = member.getByTestId('notification-preferences');
  await expect(preferences.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  // A project inherits it until it has its own.
  await preferences.getByRole('combobox', { name: 'Preferences for' }).click();
  await member.getByRole('option', { name: 'Coffee cart' }).click();
  await expect(preferences).toContainText('As for the whole organization');
  await expect(preferences.getByRole('radio', { name: 'Daily digest' })).toBeChecked();
  await preferences.getByText('Immediately').click();
  await expect(preferences).not.toContainText('As for the whole organization');
  await expect(preferences.getByRole('radio', { name: 'Immediately' })).toBeChecked();

  // Grace likes the comment; liking is per person.
  await notification.getByText('Nurses buy coffee at 6am').click();
  // (Ada's comment, the first; Grace's reply is below it.)
  await memberDialog.getByRole('button', { name: '♥ 0' }).first().click();
  await expect(memberDialog.getByRole('button', { name: '♥ 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await ownerContext.close();
  await memberContext.close();
});
