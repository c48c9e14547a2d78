/** The confirm modal. Escape closes it, except for Publish Draft. */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  /** null hides the cancel button. */
  cancelLabel?: string | null;
  danger?: boolean;
  /** Publish Draft confirmations ignore Escape. */
  publishDraft?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export function openConfirm(options: ConfirmOptions): string {
  const withCancel = options.cancelLabel !== null;
  return modals.openConfirmModal({
    title: options.title,
    centered: true,
    closeOnEscape: !options.publishDraft,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: options.confirmLabel ?? 'Confirm', cancel: options.cancelLabel ?? 'Cancel' },
    confirmProps: { color: options.danger ? 'red' : undefined },
    cancelProps: withCancel ? undefined : { style: { display: 'none' } },
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
  });
}
