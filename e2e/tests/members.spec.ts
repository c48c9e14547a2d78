import { expect, test } from '@playwright/test';
import {
  followMailLink,
  passwordField,
  PASSWORD,
  signUpWithOrganization,
  uniqueSuffix,
} from './helpers.ts';

test('an owner invites a collaborator, who joins, sees the license terms but not the settings; the access log shows the invite', async ({
  browser,
}) => {
  const suffix = uniqueSuffix();
  const ownerEmail = `owner.${suffix}@example.com`;
  const memberEmail = `member.${suffix}@example.com`;
  const orgName = `Lab ${suffix}`;

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpWithOrganization(owner, { email: ownerEmail, orgName, inviteCode: 'E2EBUSINESS' });
  await expect(owner.getByText('Business plan')).toBeVisible();
  await owner.getByRole('button', { name: 'New project' }).click();
  await owner.getByLabel(/^Name/).fill('Lab notebook');
  await owner.getByRole('button', { name: 'Create' }).click();
  await expect(owner.getByRole('button', { name: 'Actions for Lab notebook' })).toBeVisible();

  // Invite a collaborator from the organisation settings.
  await owner.getByTestId('user-menu').click();
  await owner.getByRole('menuitem', { name: 'Organization settings' }).click();
  await expect(owner).toHaveURL(/\/settings\/members$/);
  // The project-role picker names the roles as people read them, not as the code keys them.
  await owner.getByRole('combobox', { name: 'Project role' }).click();
  await expect(owner.getByRole('option', { name: 'Limited contributor' })).toBeVisible();
  await expect(owner.getByRole('option', { name: 'limitedContributor' })).toHaveCount(0);
  await owner.getByRole('option', { name: 'Collaborator' }).click();
  await owner.getByLabel('Email addresses').fill(memberEmail);
  // The form as typed survives a reload until it is sent.
  await owner.reload();
  await expect(owner.getByLabel('Email addresses')).toHaveValue(memberEmail);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owner.getByLabel('Email addresses')).toHaveValue('');
  await expect(owner.getByTestId('invites')).toContainText(memberEmail);
  await expect(owner.getByTestId('member-counts')).toContainText('1 pending invitations');
  await owner.screenshot({ path: 'test-results/members.png', fullPage: true });

  // The collaborator follows the invitation, creates an account and lands in the organisation.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await followMailLink(member, memberEmail, `You are invited to ${orgName}`);
  await expect(member).toHaveURL(/\/sign-up\/new-account\/invited$/);
  await expect(member.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible();
  await member.getByLabel('First name').fill('Grace');
  await member.getByLabel('Last name').fill('Hopper');
  await passwordField(member).fill(PASSWORD);
  await member.getByRole('button', { name: 'Join' }).click();
  await expect(member.getByTestId('organization-name')).toHaveText(orgName);
  // Business plan wording: projects and ideas.
  await expect(member.getByTestId('projects-card')).toContainText('Projects');
  await expect(member.getByTestId('projects-card')).toContainText('ideas');

  // A feature the plan lacks shows locked, with the plan that brings it (the feature alert);
  // a collaborator asks the owners for it.
  await member.getByTestId('nav-collections-locked').click();
  const locked = member.getByRole('dialog', { name: 'Collections: Business AI plan' });
  await expect(locked).toContainText('the Business AI plan does');
  await member.screenshot({ path: 'test-results/feature-alert.png' });
  await locked.getByRole('button', { name: 'Ask an owner' }).click();
  await expect(member.getByText('We asked the owners of your organization.')).toBeVisible();
  await expect(locked).toBeHidden();

  // No settings for a collaborator.
  await member.getByTestId('user-menu').click();
  await expect(member.getByRole('menuitem', { name: 'Organization settings' })).toHaveCount(0);
  await member.keyboard.press('Escape');
  // On the organisation's own subdomain, where the collaborator is a member.
  await member.goto(new URL('/settings/members', member.url()).toString());
  await expect(member).toHaveURL(/\/PageNotAuthorized\?redirect=true&status=403$/);

  // The owner closes the project to its members (part 1 §2.5): the collaborator, not one of them,
  // opens it on its dashboard, and a canvas address sent to them lands there too, saying why.
  const ownerHome = owner.url();
  await owner.goto(new URL('/', ownerHome).toString());
  await owner.getByRole('button', { name: 'Actions for Lab notebook' }).click();
  await owner.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(owner).toHaveURL(/\/workspace\/[0-9a-f-]{36}\/settings$/);
  const projectId = /\/workspace\/([0-9a-f-]{36})\/settings/.exec(owner.url())![1]!;
  const openToAll = owner.getByRole('switch', { name: 'Open to the whole organization' });
  await expect(openToAll).toBeChecked();
  await openToAll.click({ force: true });
  await expect(openToAll).not.toBeChecked();
  await member.goto(new URL('/', member.url()).toString());
  await member
    .getByTestId('project-card')
    .filter({ hasText: 'Lab notebook' })
    .getByRole('link', { name: 'Lab notebook' })
    .click();
  await expect(member).toHaveURL(new RegExp(`/project-dashboard/${projectId}/overview$`));
  await expect(member.getByTestId('workspace-closed')).toHaveText(
    'This project’s workspace is open to its members. You can see its dashboard; ask a project admin to add you.',
  );
  await member.goto(new URL(`/workspace/${projectId}/canvas/business`, member.url()).toString());
  await expect(member).toHaveURL(new RegExp(`/project-dashboard/${projectId}/overview$`));
  await expect(member.getByTestId('workspace-closed')).toBeVisible();
  // A reader's dashboard shows the market and investment as text, not as inputs to type in.
  await expect(member.getByTestId('dashboard-value').filter({ hasText: 'Links' })).toHaveText(
    'LinksNo links yet.',
  );
  await expect(member.getByRole('textbox', { name: 'Total' })).toHaveCount(0);
  await member.screenshot({ path: 'test-results/workspace-closed.png', fullPage: true });

  // The request for Collections waits in the owners' inbox and opens Billing.
  await owner.goto(new URL('/inbox/', ownerHome).toString());
  const request = owner
    .getByTestId('notification')
    .filter({ hasText: 'Grace Hopper asks the owners for Collections' });
  await expect(request).toBeVisible();
  await owner.screenshot({ path: 'test-results/inbox-request.png' });
  await request.getByTestId('open-notification').click();
  await expect(owner).toHaveURL(/\/settings\/billing$/);
  await owner.goto(new URL('/settings/members', ownerHome).toString());

  // The owner's access log shows the invitation.
  await owner.getByRole('tab', { name: 'Access log' }).click();
  await expect(owner.getByTestId('access-logs')).toContainText('Invited a person');
  await expect(owner.getByTestId('access-logs')).toContainText('Ada Lovelace');
  await expect(owner.getByTestId('access-logs')).toContainText(
    'Asked the owners for a feature or more room',
  );
  await owner.screenshot({ path: 'test-results/access-log.png', fullPage: true });

  // One member's activity.
  await owner.getByRole('tab', { name: 'Members' }).click();
  await owner
    .getByTestId('members')
    .getByRole('row')
    .filter({ hasText: memberEmail })
    .getByRole('button', { name: 'More' })
    .click();
  await owner.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(owner.getByTestId('profile-filter')).toBeVisible();
  await expect(owner.getByTestId('access-logs')).toContainText('Joined the organization');
  await expect(owner.getByTestId('access-logs')).not.toContainText('Invited a person');

  // The owner hands the organisation to the collaborator (#29): they become an owner, the
  // giver an admin; the new owner sees the settings and hands it back the same way.
  const handOver = async (
    page: typeof owner,
    toEmail: string,
    confirmation: string,
  ): Promise<void> => {
    await page
      .getByTestId('members')
      .getByRole('row')
      .filter({ hasText: toEmail })
      .getByRole('button', { name: 'More' })
      .click();
    await page.getByRole('menuitem', { name: 'Hand over ownership' }).click();
    await page.screenshot({ path: 'test-results/hand-over.png' });
    await page
      .getByRole('dialog', { name: 'Hand over ownership' })
      .getByRole('button', { name: 'Hand over', exact: true })
      .click();
    await expect(page.getByText(confirmation)).toBeVisible();
  };
  await owner.getByRole('tab', { name: 'Members' }).click();
  await handOver(owner, memberEmail, 'Grace Hopper is now an owner; you are an admin.');
  await member.goto(new URL('/settings/members', member.url()).toString());
  await expect(member).toHaveURL(/\/settings\/members$/);
  await handOver(member, ownerEmail, 'Ada Lovelace is now an owner; you are an admin.');

  // The collaborator leaves from their profile and lands among the organisations they are
  // still in — this one no longer among them.
  await member.goto(new URL('/profile', member.url()).toString());
  await member.getByRole('button', { name: 'Leave organization' }).click();
  await member
    .getByRole('dialog', { name: `Leave ${orgName}?` })
    .getByRole('button', { name: 'Leave organization' })
    .click();
  await expect(member).toHaveURL(/\/organizations$/);
  await expect(member.getByText(orgName)).toHaveCount(0);

  // The owner is offered the plans instead; a refusal from the server opens the same alert.
  await owner.goto(new URL('/', owner.url()).toString());
  await owner.getByTestId('nav-collections-locked').click();
  await owner
    .getByRole('dialog', { name: 'Collections: Business AI plan' })
    .getByRole('button', { name: 'See plans' })
    .click();
  // Straight to the plan that brings it (#30): checkout opens on Business AI.
  await expect(owner).toHaveURL(/\/settings\/billing\?plan=aiBusinessMonthly$/);
  await expect(owner.getByRole('radio', { name: 'Business' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const boot = await owner.evaluate(async () => {
    const r = await fetch('/api/bootstrap', { credentials: 'include' });
    return (await r.json()) as { organization: { id: string } };
  });
  await owner.goto(new URL(`/portfolio-dashboard/${boot.organization.id}`, owner.url()).toString());
  await expect(
    owner.getByRole('dialog', { name: 'Portfolio dashboard: Business AI plan' }),
  ).toBeVisible();
  await expect(owner).toHaveURL(/\/portfolio-dashboard\//);

  await ownerContext.close();
  await memberContext.close();
});

test('an owner renames the organisation and sets defaults in the general settings', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `settings.${suffix}@example.com`,
    orgName: `Studio ${suffix}`,
  });
  await page.goto(new URL('/settings/general', page.url()).toString());
  await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(`Studio Renamed ${suffix}`);
  await page.getByLabel('Location').fill('Lisbon');
  await page.getByRole('combobox', { name: 'Card tags' }).fill('pricing');
  await page.getByRole('combobox', { name: 'Card tags' }).press('Enter');
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Course guide');
  await page.getByLabel('Link').fill('https://example.com/guide');
  await page.getByLabel('New projects are private').check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your organization has been updated' }),
  ).toBeVisible();
  await expect(page.getByTestId('organization-name')).toHaveText(`Studio Renamed ${suffix}`);
  await page.screenshot({ path: 'test-results/general-settings.png', fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Location')).toHaveValue('Lisbon');
  await expect(page.getByLabel('Link')).toHaveValue('https://example.com/guide');
  await expect(page.getByLabel('New projects are private')).toBeChecked();

  // Taking it all out (#29): made in the background; the link shows here (and is mailed).
  const exportCard = page.getByTestId('organization-export');
  await exportCard.getByRole('button', { name: 'Export everything' }).click();
  const link = exportCard.getByRole('link', { name: /^Download the export of / });
  await expect(link).toBeVisible();
  // In the page: the browser resolves the organisation's *.localhost host and sends the cookie.
  const file = await page.evaluate(
    async (href) => {
      const answer = await fetch(href, { credentials: 'include' });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      return {
        status: answer.status,
        type: answer.headers.get('content-type'),
        start: String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0),
      };
    },
    (await link.getAttribute('href'))!,
  );
  expect(file).toEqual({ status: 200, type: 'application/zip', start: 'PK' });

  // Deleting it (#29): the name typed to confirm; it closes at once, and an owner restores it.
  const name = `Studio Renamed ${suffix}`;
  await page.getByRole('button', { name: 'Delete organization' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete organization' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name.toLowerCase());
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
  await confirm.click();
  const closing = page.getByTestId('organization-closing');
  await expect(closing).toContainText(`${name} is scheduled for deletion`);
  await expect(page.getByRole('link', { name: /^Inbox/ })).toBeHidden();
  await page.screenshot({ path: 'test-results/organization-closing.png' });
  // Any page of it says so, after a reload too.
  await page.goto(new URL('/settings/general', page.url()).toString());
  await expect(closing).toBeVisible();
  await page.getByRole('button', { name: 'Restore the organization' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${name} was restored` })).toBeVisible();
  await expect(closing).toBeHidden();
  await expect(page.getByRole('link', { name: /^Inbox/ })).toBeVisible();
});

test('a member edits their profile, and the maxima hold', async ({ page }) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `profile.${suffix}@example.com`,
    orgName: `Desk ${suffix}`,
  });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Founder');
  await page.getByLabel('Colour 5').click();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your profile has been updated' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Founder');
  await expect(page.getByLabel('Colour 5')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('First name')).toHaveAttribute('maxlength', '50');

  // The only owner cannot leave: they are told to make someone else owner first.
  await page.getByRole('button', { name: 'Leave organization' }).click();
  await page
    .getByRole('dialog', { name: /^Leave Desk/ })
    .getByRole('button', { name: 'Leave organization' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'An organization needs at least one owner.' }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/leave-organization.png', fullPage: true });
});

test('an enterprise owner sets up custom fields, a canvas template and the agent context; a card keeps to the bounds, and its summarized file is rated', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `fields.${suffix}@example.com`,
    orgName: `Guild ${suffix}`,
    inviteCode: 'E2EENTERPRISE',
  });
  await page.goto(new URL('/settings/workspace', page.url()).toString());
  await page.getByRole('button', { name: 'Add a field' }).click();
  const globalFields = page.getByTestId('global-fields');
  await globalFields.getByLabel('Field', { exact: true }).fill('Market size');
  // A number field keeps its values within the bounds the owner sets.
  await globalFields.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'number' }).click();
  await globalFields.getByLabel('Lowest').fill('0');
  await globalFields.getByLabel('Highest').fill('1000');
  await page.getByRole('button', { name: 'Save fields' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your organization has been updated' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Add a template' }).click();
  await page.getByLabel('Template name').fill('Lab canvas');
  await page.getByTestId('canvas-templates').getByLabel('Key Partners').fill('Allies');
  await page.getByRole('button', { name: 'Save templates' }).click();
  await page
    .getByLabel('What the agent should know about your organization')
    .fill('We build tools for labs.');
  await page.getByRole('button', { name: 'Save context' }).click();
  await page.reload();
  await expect(page.getByTestId('global-fields').getByLabel('Field', { exact: true })).toHaveValue(
    'Market size',
  );
  await expect(page.getByLabel('Template name')).toHaveValue('Lab canvas');
  await expect(page.getByTestId('canvas-templates').getByLabel('Key Partners')).toHaveValue(
    'Allies',
  );
  await expect(page.getByLabel('What the agent should know about your organization')).toHaveValue(
    'We build tools for labs.',
  );
  await expect(globalFields.getByLabel('Highest')).toHaveValue('1000');
  await page.screenshot({ path: 'test-results/workspace-settings.png', fullPage: true });

  // On a card, a value beyond the bounds is refused with the field's own words.
  await page.goto(new URL('/', page.url()).toString());
  await page.getByRole('button', { name: 'New project' }).click();
  await page.getByLabel(/^Name/).fill('Lab bench');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: 'Lab bench' }).first().click();
  await page
    .getByRole('button', { name: 'Add a business hypothesis to Customer Segments' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill('Labs buy benches');
  await expect(dialog.getByTestId('saved-check').first()).toBeVisible();
  await dialog.getByLabel('Market size').fill('5000');
  await dialog.getByLabel('Title').focus();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Market size must be between 0 and 1000.' }),
  ).toBeVisible();
  await dialog.getByLabel('Market size').fill('800');
  await dialog.getByLabel('Title').focus();
  await dialog.getByRole('button', { name: 'Close card' }).click();
  await page.getByTestId('board-card').filter({ hasText: 'Labs buy benches' }).click();
  await expect(page.getByRole('dialog').getByLabel('Market size')).toHaveValue('800');

  // A document attached is summarized by the agent; the reader says whether the summary helped.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'visit notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(
      'Three labs said their benches wobble. Two would replace them this year if the price was under 900 dollars.',
    ),
  });
  await dialog.getByTestId('card-file').getByRole('button', { name: 'Summary' }).click();
  const summary = page.getByRole('dialog', { name: 'File summary' });
  await expect(summary.getByTestId('file-summary')).toContainText('900 dollars');
  await summary.getByRole('button', { name: 'Helpful', exact: true }).click();
  await page.screenshot({ path: 'test-results/file-summary.png' });
  await expect(summary.getByRole('button', { name: 'Helpful · 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(summary).toContainText('Thanks for saying.');
});
