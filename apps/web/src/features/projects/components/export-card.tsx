/**
 * Taking the project out (#29): the whole project as one zip — its graph as project.json in a
 * documented shape, spreadsheets of its cards, connections and experiments, and its files.
 */
import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core';

export function ExportCard(props: { projectId: string }) {
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="xs">
        Export
      </Title>
      <Text size="sm" mb="sm">
        Everything the team has learned in one file: every published card with its texts and fields,
        the rated connections, experiments with their criteria and results, comments, the dashboard
        and the uploaded files. Spreadsheets of the cards, connections and experiments come with it.
        Drafts stay behind.
      </Text>
      <Group gap="md">
        <Button
          component="a"
          href={`/api/proj/projects/${props.projectId}/export/project.zip`}
          download
          data-testid="export-project"
        >
          Download the project (.zip)
        </Button>
        <Anchor href="/api/docs/export/project-v1.schema.json" target="_blank" size="sm">
          The format of project.json (JSON Schema)
        </Anchor>
      </Group>
    </Card>
  );
}
