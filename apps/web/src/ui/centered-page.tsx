/** A simple centred page for notices (expired link, not authorised, not found…). */
import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function CenteredPage(props: { title: string; children?: ReactNode }) {
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Title order={2}>{props.title}</Title>
          {props.children}
        </Stack>
      </Paper>
    </Center>
  );
}
