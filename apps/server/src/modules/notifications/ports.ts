/** The face of notifications: what other modules may use (decision 009). */
export { lastNotificationAt } from './last-notification.ts';
