import { beforeEach, describe, expect, it } from 'vitest';
import { peekInlinedBootstrap, resetInlinedBootstrap, takeInlinedBootstrap } from './bootstrap.ts';

describe('the bootstrap answer inlined in the page', () => {
  beforeEach(resetInlinedBootstrap);

  it('is read once, then later reads go to the server', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="assay-bootstrap">{"host":"app","user":null,"note":"\\u003c/script>"}</script>',
    );
    expect(peekInlinedBootstrap()).toMatchObject({ host: 'app' });
    expect(takeInlinedBootstrap()).toMatchObject({ host: 'app', user: null, note: '</script>' });
    expect(document.getElementById('assay-bootstrap')).toBeNull();
    expect(takeInlinedBootstrap()).toBeUndefined();
  });

  it('is ignored when it cannot be read', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="assay-bootstrap">{not json</script>',
    );
    expect(takeInlinedBootstrap()).toBeUndefined();
  });
});
