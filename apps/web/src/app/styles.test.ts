import { describe, expect, it } from 'vitest';
import { appStylesReady } from './styles.ts';

describe("the app's stylesheets, preloaded by the page", () => {
  it('become stylesheets at once and in order, and the first render waits for both (even a failed one)', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="preload" as="style" href="/assets/shell.css" data-app-style>' +
        '<link rel="preload" as="style" href="/assets/index.css" data-app-style>',
    );
    let ready = false;
    const styles = appStylesReady().then(() => (ready = true));
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['stylesheet', '/assets/shell.css'],
      ['stylesheet', '/assets/index.css'],
    ]);
    expect(document.querySelector('[data-app-style]')).toBeNull();
    links[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(ready).toBe(false);
    links[1]!.dispatchEvent(new Event('error'));
    await styles;
    expect(ready).toBe(true);
  });

  it('is ready at once on a page without them (the portal holds its paint for them)', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/shell.css">';
    await expect(appStylesReady()).resolves.toBeUndefined();
  });
});
