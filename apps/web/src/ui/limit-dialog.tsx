/**
 * The dialog shown when a plan limit is hit ("Project Limit Reached" for the monthly project
 * allocation): contact, or not now. Owners write to us about their plan; others ask the owners.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MESSAGES } from '@assay/domain';
import { contactAddresses } from '../api/contact.ts';
import { showAlert } from './alerts.ts';

export interface LimitDialogOptions {
  title: string;
  message: string;
  /** Owners contact us about their plan; everyone else asks the owners. */
  isOwner: boolean;
  /** Sends the request to the owners (non-owners). */
  askOwners: () => Promise<unknown>;
  /** Contacts us (owners); by default an email to support. */
  contactUs?: () => void;
  /** The owner's button (default "Contact us"); the feature alert says "See plans". */
  ownerLabel?: string;
}

export function openLimitDialog(options: LimitDialogOptions): string {
  const id = modals.open({
    title: options.title,
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{options.message}</Text>
        <Group justify="end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Not now
          </Button>
          <Button
            onClick={() => {
              modals.close(id);
              if (options.isOwner) {
                if (options.contactUs) options.contactUs();
                else
                  window.location.href = `mailto:${contactAddresses().support}?subject=${encodeURIComponent(options.title)}`;
                return;
              }
              void options.askOwners().then(
                () =>
                  showAlert({
                    message: 'We asked the owners of your organization.',
                    type: 'success',
                  }),
                () => showAlert({ message: MESSAGES.somethingWentWrong, type: 'error' }),
              );
            }}
          >
            {options.isOwner ? (options.ownerLabel ?? 'Contact us') : 'Ask an owner'}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}
