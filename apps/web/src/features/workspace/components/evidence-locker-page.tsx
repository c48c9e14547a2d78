/**
 * /research-hub/evidence-locker: evidence that belongs to no project yet. Every member adds and
 * edits it (the locker grants card write and comment write).
 */
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { gatewayRequest } from '../../../api/gateway.ts';
import { setCurrentProjectId } from '../../../api/http.ts';
import { EvidenceList } from './evidence-list.tsx';
import { EvidencePicker } from './evidence-picker.tsx';

const useLocker = () =>
  useQuery({
    queryKey: ['evidence-locker'],
    queryFn: () =>
      gatewayRequest<{
        evidenceLocker: { project: { id: string; abilities: { createEvidence: boolean } } };
      }>(
        'query EvidenceLocker { evidenceLocker { project { id abilities { createEvidence } } } }',
      ).then((d) => d.evidenceLocker),
  });

export function EvidenceLockerPage() {
  const locker = useLocker();
  const [, setParams] = useSearchParams();
  const projectId = locker.data?.project.id;
  useEffect(() => {
    setCurrentProjectId(projectId);
    return () => setCurrentProjectId(undefined);
  }, [projectId]);
  return (
    <Stack p="md" gap="md" maw={900}>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2}>Evidence locker</Title>
          <Text size="sm" c="dimmed">
            Interviews, posts and other evidence your organization keeps before they belong to a
            project.
          </Text>
        </Stack>
        {projectId && locker.data?.project.abilities.createEvidence ? (
          <EvidencePicker projectId={projectId} academic={false} agent={false} />
        ) : null}
      </Group>
      {projectId ? (
        <EvidenceList
          projectId={projectId}
          onOpen={(cardId) =>
            setParams((p) => {
              p.set('cardId', cardId);
              p.set('cardTab', 'details');
              return p;
            })
          }
        />
      ) : (
        <Loader aria-label="Loading the evidence locker" />
      )}
    </Stack>
  );
}
