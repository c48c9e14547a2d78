/**
 * /workspace/{projectId}/portal: the project's public portal. Before a board exists, the creation
 * form; then the roadmap of public cards and, for those who run the board, its settings,
 * categories and sections. Plans or projects without the portal say so in place.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ERRORS, PORTAL_MESSAGES, portalPaths } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { lockedTitle } from '../../../ui/locked-feature.tsx';
import { useLiveProject } from '../../../api/live-project.ts';
import { usePublicBoard } from '../../../api/portal.ts';
import { BoardDetails, CategoriesEditor, SectionsEditor } from './board-settings.tsx';
import { CreateBoardForm } from './create-board-form.tsx';
import { RoadmapBoard } from './roadmap-board.tsx';

function Unavailable(props: { projectId: string; message: string }) {
  const portalOff = props.message === PORTAL_MESSAGES.portalOff;
  return (
    <Alert color="gray" title="The public portal is not available here" maw={640}>
      <Stack gap="xs">
        <Text size="sm">
          {portalOff
            ? PORTAL_MESSAGES.portalOff
            : props.message === ERRORS.featureUnavailable.message
              ? `${lockedTitle('publicPortal')}.`
              : props.message}
        </Text>
        {portalOff ? (
          <Anchor component={Link} to={`/workspace/${props.projectId}/settings`} size="sm">
            Turn it on in the project settings
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function ManagePortalPage() {
  const projectId = useParams().projectId ?? '';
  const query = usePublicBoard(projectId);
  useLiveProject(projectId);
  const state = query.data;
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={0}>
          <Title order={2}>Public portal</Title>
          {state ? (
            <Group gap="xs">
              <Text size="sm">{state.board.name}</Text>
              <Badge color={state.board.shareSetting === 'public' ? 'green' : 'gray'}>
                {state.board.shareSetting === 'public' ? 'Shared' : 'Hidden'}
              </Badge>
            </Group>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Anchor component={Link} to={`/workspace/${projectId}/canvas/business`} size="sm">
            Canvas
          </Anchor>
          {state ? (
            <Button
              component="a"
              href={portalPaths.board(state.board.link)}
              target="_blank"
              variant="default"
              size="xs"
            >
              Open the portal
            </Button>
          ) : null}
        </Group>
      </Group>
      {query.isLoading ? <Loader aria-label="Loading the portal" /> : null}
      {query.error ? (
        <Unavailable projectId={projectId} message={toApiError(query.error).message} />
      ) : null}
      {query.isSuccess && state === null ? <CreateBoardForm projectId={projectId} /> : null}
      {state ? (
        <>
          <RoadmapBoard state={state} />
          {state.abilities.manage ? (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <BoardDetails key={`${state.board.name}-${state.board.link}`} state={state} />
              <Stack gap="md">
                <CategoriesEditor state={state} />
                <SectionsEditor state={state} />
              </Stack>
            </SimpleGrid>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
