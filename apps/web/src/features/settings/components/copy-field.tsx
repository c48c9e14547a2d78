/** A value to copy into another system's settings, with its label and a copy button. */
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

export function CopyField(props: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {props.label}
        </Text>
        <Code style={{ overflowWrap: 'anywhere' }}>{props.value}</Code>
      </Stack>
      <CopyButton value={props.value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} aria-label={`Copy ${props.label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
