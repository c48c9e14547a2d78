/**
 * The alert system on top of Mantine notifications. Times: flash closes after closeSeconds
 * (4 s by default), pause stays until closed, reroute closes when the location changes. An alert
 * that names nothing takes the defaults of part 1 §4.4: type success, time flash, prompt "Alert
 * Prompt" (its name for assistive technology when it has no title); the app's warnings and errors
 * name their type. Part 2 §9 says warning; decision 016 settles on part 1's success.
 */
import { notifications } from '@mantine/notifications';
import { TIMERS } from '@assay/domain';

export type AlertType = 'success' | 'warning' | 'error' | 'info';
export type AlertTime = 'flash' | 'pause' | 'reroute';

export interface AlertOptions {
  message: string;
  title?: string;
  /** What the alert is called for assistive technology; the title, or the default prompt. */
  prompt?: string;
  type?: AlertType;
  time?: AlertTime;
  closeSeconds?: number;
}

const COLORS: Record<AlertType, string> = {
  success: 'teal',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
};

const rerouteAlerts = new Set<string>();
let counter = 0;

/** Milliseconds before an alert closes by itself, or false when it waits for the user. */
export function alertAutoClose(
  options: Pick<AlertOptions, 'time' | 'closeSeconds'>,
): number | false {
  const time = options.time ?? ALERT_DEFAULTS.time;
  if (time !== 'flash') return false;
  return options.closeSeconds !== undefined ? options.closeSeconds * 1000 : TIMERS.alertMs;
}

/** Part 1 §4.4: what an alert is when the caller says nothing else. */
export const ALERT_DEFAULTS = {
  type: 'success',
  time: 'flash',
  prompt: 'Alert Prompt',
} as const satisfies { type: AlertType; time: AlertTime; prompt: string };

/** Shows an alert and returns its id (defaults: ALERT_DEFAULTS). */
export function showAlert(options: AlertOptions): string {
  counter += 1;
  const id = `alert-${counter}`;
  const type = options.type ?? ALERT_DEFAULTS.type;
  if (options.time === 'reroute') rerouteAlerts.add(id);
  notifications.show({
    id,
    title: options.title,
    message: options.message,
    color: COLORS[type],
    'aria-label': options.prompt ?? options.title ?? ALERT_DEFAULTS.prompt,
    autoClose: alertAutoClose(options),
    withCloseButton: true,
    onClose: () => rerouteAlerts.delete(id),
  });
  return id;
}

export function hideAlert(id: string) {
  rerouteAlerts.delete(id);
  notifications.hide(id);
}

/** Closes the reroute alerts; the layout calls it on every location change. */
export function closeRerouteAlerts() {
  for (const id of [...rerouteAlerts]) hideAlert(id);
}
