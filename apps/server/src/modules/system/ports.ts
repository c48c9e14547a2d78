/** The face of system: what other modules may use (decision 009). */
export { supportChatSettings } from './support-chat.ts';
