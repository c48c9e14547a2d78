import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { integrationsApi } from './integrations.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('the project inbox address', () => {
  it('shows the new address when asked for while the first read is still on its way', async () => {
    const projectId = '2cd26317-3d32-4f89-ad6a-c20bfd3469ae';
    let address: string | null = null;
    let answerFirstRead: (() => void) | undefined;
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/gateway/query') {
          address = 'relay-7f3a@in.assay.test';
          return json({ data: { updateProjectEmail: { email: address } } });
        }
        // The integrations as they are when the read reaches the server.
        const seen = { integrations: [], inbox: { email: address } };
        reads.push(String(seen.inbox.email));
        if (reads.length === 1)
          await new Promise<void>((resolve) => {
            answerFirstRead = resolve;
          });
        return json(seen);
      }),
    );
    const client = createQueryClient(() => ({
      navigate: vi.fn(),
      alert: vi.fn(),
      location: { pathname: '/', search: '' },
    }));
    const answers: Promise<unknown>[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['projects', projectId, 'integrations'],
      queryFn: () => {
        const answer = fetch(`/api/proj/projects/${projectId}/integrations`).then(
          (response) => response.json() as Promise<{ inbox: { email: string | null } }>,
        );
        answers.push(answer);
        return answer;
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answerFirstRead).toBeDefined());
    // The member asks for an address before the page's first read has come back.
    const asked = integrationsApi.newInboxAddress(client, projectId);
    await vi.waitFor(() => expect(address).not.toBeNull());
    // The first read comes back without the address; the integrations are read again after it.
    answerFirstRead?.();
    await asked;
    expect(observer.getCurrentResult().data?.inbox.email).toBe('relay-7f3a@in.assay.test');
    expect(reads).toEqual(['null', 'relay-7f3a@in.assay.test']);
    expect(answers).toHaveLength(2);
    unsubscribe();
    client.clear();
  });
});
