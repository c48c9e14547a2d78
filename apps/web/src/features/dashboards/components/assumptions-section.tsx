/** The project dashboard's assumptions map (issue #24): the map, opening a dot's card. */
import { Alert, Loader, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { cardPath } from '@assay/domain';
import { useAssumptionsMap } from '../../../api/assumptions.ts';
import { toApiError } from '../../../api/errors.ts';
import { AssumptionsMap } from '../../../ui/assumptions-map/assumptions-map.tsx';

export function AssumptionsSection(props: { projectId: string }) {
  const map = useAssumptionsMap(props.projectId);
  const navigate = useNavigate();
  // A project without business hypotheses has no map.
  if (map.isError && toApiError(map.error).statusCode === 403) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4}>Assumptions map</Title>
      <Text size="sm" c="dimmed" mb="sm">
        What to test now: each hypothesis by how much it matters and how much evidence it has. Drag
        a dot up or down to say how much it matters.
      </Text>
      {map.isError ? (
        <Alert color="red">{toApiError(map.error).message}</Alert>
      ) : map.data ? (
        <AssumptionsMap
          projectId={props.projectId}
          data={map.data}
          onOpen={(id) => navigate(cardPath({ id, type: 'hypothesis' }))}
        />
      ) : (
        <Loader aria-label="Loading the assumptions map" />
      )}
    </Paper>
  );
}
