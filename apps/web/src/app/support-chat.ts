/**
 * The customer-support chat widget (part 1 §7.4), driven from the client: boot with who the
 * person is (email, name, the user hash the server computed, company, tier, usage counts),
 * update as they move around, shut down on sign-out, and show a message ready to send. The
 * widget speaks Intercom's Messenger API (`window.Intercom(command, …)`); nothing loads unless
 * the installation configures it.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useBootstrap, type SupportChatSettings } from '../api/bootstrap.ts';

type Messenger = ((command: string, ...args: unknown[]) => void) & {
  q?: unknown[][];
  c?: (args: unknown[]) => void;
};

declare global {
  interface Window {
    Intercom?: Messenger;
  }
}

/** The Messenger's boot attributes for a person and their organisation. */
export function bootAttributes(settings: SupportChatSettings) {
  const { user, company } = settings;
  return {
    app_id: settings.appId,
    user_id: user.id,
    email: user.email,
    name: user.name,
    created_at: user.createdAt,
    ...(user.userHash ? { user_hash: user.userHash } : {}),
    ...(company
      ? {
          tier: company.tier,
          company: {
            company_id: company.id,
            name: company.name,
            plan: company.tier,
            created_at: company.createdAt,
            projects: company.usage.projects,
            members: company.usage.members,
            evidence: company.usage.evidence,
          },
        }
      : {}),
  };
}

/** Calls queue until the widget's script has loaded and taken over (Intercom's snippet). */
function messenger(scriptUrl: string): Messenger {
  if (window.Intercom) return window.Intercom;
  const queue: Messenger = (...args: unknown[]) => queue.c?.(args);
  queue.q = [];
  queue.c = (args) => queue.q?.push(args);
  window.Intercom = queue;
  const script = document.createElement('script');
  script.async = true;
  script.src = scriptUrl;
  script.dataset.supportChat = 'true';
  document.head.appendChild(script);
  return queue;
}

export function bootSupportChat(settings: SupportChatSettings) {
  messenger(settings.scriptUrl)('boot', bootAttributes(settings));
}

export function updateSupportChat(settings: SupportChatSettings) {
  window.Intercom?.('update', bootAttributes(settings));
}

export function shutdownSupportChat() {
  window.Intercom?.('shutdown');
}

/** Opens the chat with a message ready to send ("contact support by chat"); false when off. */
export function showSupportMessage(text: string): boolean {
  if (!window.Intercom) return false;
  window.Intercom('showNewMessage', text);
  return true;
}

/** Keeps the widget in step with who is signed in and where they are. */
export function useSupportChat() {
  const boot = useBootstrap();
  const location = useLocation();
  const settings = boot.data?.supportChat ?? null;
  const booted = useRef<string | null>(null);
  useEffect(() => {
    if (settings && booted.current !== settings.user.id) {
      if (booted.current) shutdownSupportChat();
      bootSupportChat(settings);
      booted.current = settings.user.id;
    } else if (!settings && booted.current) {
      shutdownSupportChat();
      booted.current = null;
    }
  }, [settings]);
  useEffect(() => {
    if (settings && booted.current === settings.user.id) updateSupportChat(settings);
  }, [location.pathname, settings]);
}
