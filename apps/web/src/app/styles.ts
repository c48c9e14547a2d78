/**
 * The app's stylesheets, named in the page as preloads so they do not hold its first paint (the
 * build's `stylesAfterFirstPaint`, #32): made stylesheets here, and awaited before the first
 * render. A stylesheet that fails to load does not stop the app.
 */
export function appStylesReady(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-app-style');
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
