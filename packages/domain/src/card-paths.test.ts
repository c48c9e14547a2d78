import { describe, expect, it } from 'vitest';
import { cardLinkTarget } from './card-paths.ts';

const target = (query: string) => {
  const params = new URLSearchParams(query);
  return cardLinkTarget((name) => params.get(name));
};

describe('card links (part 2 §2)', () => {
  it('open the named tab, with "test" for the Run tab', () => {
    expect(target('cardTab=analyze').tab).toBe('analyze');
    expect(target('cardTab=test').tab).toBe('run');
    expect(target('cardTab=nonsense').tab).toBeNull();
  });

  it('open the connections, on a list when one is named', () => {
    expect(target('sidePanel=connections')).toMatchObject({
      tab: 'connections',
      connectionsTab: null,
    });
    expect(target('connections=true').tab).toBe('connections');
    expect(target('connections=false').tab).toBeNull();
    expect(target('cardTab=details&connectionsTab=experiments')).toMatchObject({
      tab: 'connections',
      connectionsTab: 'experiments',
    });
    expect(target('connectionsTab=everything').connectionsTab).toBeNull();
  });

  it('open the comments or the help', () => {
    expect(target('comments=true')).toMatchObject({ comments: true, help: false });
    expect(target('sidePanel=comments').comments).toBe(true);
    expect(target('sidePanel=help')).toMatchObject({ help: true, comments: false });
    expect(target('')).toEqual({ tab: null, connectionsTab: null, comments: false, help: false });
  });
});
