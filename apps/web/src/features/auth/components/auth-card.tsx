import { Center, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every account screen. */
export function AuthCard(props: {
  title: string;
  subtitle?: ReactNode;
  /** The organisation's logo (its signed link), above the title. */
  logo?: { src: string; alt: string } | null;
  children: ReactNode;
}) {
  return (
    <Center mih="80vh" p="md">
      <Paper withBorder radius="md" p="xl" w="100%" maw={460}>
        <Stack gap="md">
          <Stack gap={4}>
            {props.logo ? (
              <Image src={props.logo.src} alt={props.logo.alt} w={64} h={64} fit="contain" />
            ) : null}
            <Title order={2}>{props.title}</Title>
            {props.subtitle ? (
              <Text c="dimmed" size="sm">
                {props.subtitle}
              </Text>
            ) : null}
          </Stack>
          {props.children}
        </Stack>
      </Paper>
    </Center>
  );
}
