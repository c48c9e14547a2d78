/**
 * Where alerts are drawn (Mantine's notifications). The app loads it just after its first render
 * (app.tsx), not with the first load (#28): `showAlert` only puts an alert in the notifications'
 * store, and the host draws what the store holds once it is in, so an alert raised sooner waits
 * for it instead of being lost.
 */
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.layer.css';
import type { ReactElement } from 'react';

export default function AlertsHost(): ReactElement | null {
  return <Notifications position="top-center" zIndex={1000} />;
}
