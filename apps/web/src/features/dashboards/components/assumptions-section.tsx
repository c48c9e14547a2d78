/**
 * The project dashboard's learning loop (issue #24): the assumptions map, opening a dot's card,
 * beside what to test next.
 */
import { Alert, Grid, Loader, Paper, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { cardPath } from '@assay/domain';
import { useAssumptionsMap } from '../../../api/assumptions.ts';
import { toApiError } from '../../../api/errors.ts';
import { useGenerationLimits } from '../../../api/generation.ts';
import { AssumptionsMap } from '../../../ui/assumptions-map/assumptions-map.tsx';
import { TestNextPanel } from '../../../ui/test-next/test-next.tsx';

export function AssumptionsSection(props: { projectId: string; experiments: boolean }) {
  const map = useAssumptionsMap(props.projectId);
  const agent = useGenerationLimits().data?.enabled ?? false;
  const navigate = useNavigate();
  // A project without business hypotheses has no map.
  if (map.isError && toApiError(map.error).statusCode === 403) return null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <MapPaper
          {...props}
          map={map}
          onOpen={(id) => navigate(cardPath({ id, type: 'hypothesis' }))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="md" radius="md">
          <TestNextPanel
            projectId={props.projectId}
            agent={agent}
            experiments={props.experiments}
            limit={10}
            onOpen={(card) => navigate(cardPath(card))}
          />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function MapPaper(props: {
  projectId: string;
  map: ReturnType<typeof useAssumptionsMap>;
  onOpen: (id: string) => void;
}) {
  const { map } = props;
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
        <AssumptionsMap projectId={props.projectId} data={map.data} onOpen={props.onOpen} />
      ) : (
        <Loader aria-label="Loading the assumptions map" />
      )}
    </Paper>
  );
}
