import { afterEach, describe, expect, it } from 'vitest';
import type { SupportChatSettings } from '../api/bootstrap.ts';
import {
  bootAttributes,
  bootSupportChat,
  showSupportMessage,
  shutdownSupportChat,
  updateSupportChat,
} from './support-chat.ts';

const SETTINGS: SupportChatSettings = {
  appId: 'abc12def',
  scriptUrl: 'https://widget.example/widget/abc12def',
  user: {
    id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    createdAt: 1_700_000_000,
    userHash: 'f00d',
  },
  company: {
    id: 'o-1',
    name: 'Acme',
    tier: 'Business',
    createdAt: 1_700_000_100,
    usage: { projects: 3, members: 5, evidence: 12 },
  },
};

afterEach(() => {
  delete window.Intercom;
  document.head.querySelectorAll('[data-support-chat]').forEach((s) => s.remove());
});

describe('support chat widget', () => {
  it('boots with email, name, user hash, company, tier and usage counts', () => {
    expect(bootAttributes(SETTINGS)).toEqual({
      app_id: 'abc12def',
      user_id: 'u-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      created_at: 1_700_000_000,
      user_hash: 'f00d',
      tier: 'Business',
      company: {
        company_id: 'o-1',
        name: 'Acme',
        plan: 'Business',
        created_at: 1_700_000_100,
        projects: 3,
        members: 5,
        evidence: 12,
      },
    });
    // Without identity verification or an organisation, those parts are left out.
    const bare = bootAttributes({
      ...SETTINGS,
      user: { ...SETTINGS.user, userHash: null },
      company: null,
    });
    expect(bare).not.toHaveProperty('user_hash');
    expect(bare).not.toHaveProperty('company');
  });

  it('queues boot, update, show message and shutdown until the widget loads', () => {
    expect(showSupportMessage('Help')).toBe(false);
    bootSupportChat(SETTINGS);
    const script = document.head.querySelector<HTMLScriptElement>('[data-support-chat]');
    expect(script?.src).toBe('https://widget.example/widget/abc12def');
    updateSupportChat(SETTINGS);
    expect(showSupportMessage('Help')).toBe(true);
    shutdownSupportChat();
    expect(window.Intercom?.q?.map((args) => args[0])).toEqual([
      'boot',
      'update',
      'showNewMessage',
      'shutdown',
    ]);
    // Booting again reuses the widget: one script.
    bootSupportChat(SETTINGS);
    expect(document.head.querySelectorAll('[data-support-chat]')).toHaveLength(1);
  });
});
