import { expect, test } from '@playwright/test';
import { signUpWithOrganization, uniqueSuffix } from './helpers.ts';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('an owner uploads the organisation image and a profile picture; an SVG is refused with the spec message', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signUpWithOrganization(page, {
    email: `images.${suffix}@example.com`,
    orgName: `Images ${suffix}`,
  });
  await page.goto(new URL('/settings/general', page.url()).toString());
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const logo = page.getByRole('img', { name: 'Organization image' });
  await expect(logo).toHaveAttribute('src', /\/api\/media\/download\?id=/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  const refused = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change image' }).click();
  await (
    await refused
  ).setFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(page.getByText('Unable to upload SVGs, please try another file type')).toBeVisible();
  await page.screenshot({ path: 'test-results/organization-image.png' });

  await page.goto(new URL('/profile', page.url()).toString());
  const mine = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await (await mine).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Your picture' })).toHaveAttribute(
    'src',
    /\/api\/media\/download\?id=/,
  );
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Upload image' })).toBeVisible();
});
