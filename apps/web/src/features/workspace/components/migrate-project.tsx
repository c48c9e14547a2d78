/**
 * Taking a project into an organisation of one's own (migrateProject): a team leaving its course,
 * a side project becoming a company. The copy goes to a new organisation the person owns; the
 * original stays. Then the new organisation opens, signed in, at its onboarding.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toApiError } from '../../../api/errors.ts';
import { gatewayRequest } from '../../../api/gateway.ts';
import { goToOrganization } from '../../../api/session.ts';
import { useDrawnOnce } from '../../../ui/drawn-once.ts';

const MIGRATE = `mutation($p: ID!, $n: String!) { migrateProject(projectId: $p, name: $n) {
  organizationId projectId } }`;

export function MigrateProjectButton(props: { projectId: string; projectName: string }) {
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState(props.projectName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The dialog from its first opening on: a closed one still mounts Mantine's modal (#53).
  const drawn = useDrawnOnce(opened);
  const take = () => {
    setBusy(true);
    setError(null);
    gatewayRequest<{ migrateProject: { organizationId: string; projectId: string } }>(MIGRATE, {
      p: props.projectId,
      n: name,
    })
      .then(({ migrateProject }) => goToOrganization(migrateProject.organizationId, '/'))
      .catch((e: unknown) => {
        setError(toApiError(e).message);
        setBusy(false);
      });
  };
  return (
    <>
      <Button variant="subtle" size="xs" onClick={() => setOpened(true)}>
        Take to a new organization
      </Button>
      {drawn ? (
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title="Take this project to a new organization"
          centered
        >
          <Stack gap="sm">
            <Text size="sm">
              A copy of {props.projectName} — its cards, evidence, experiments, connections and
              files — goes to a new organization that you own. The project stays here as it is.
            </Text>
            <TextInput
              label="Name of the new organization"
              value={name}
              maxLength={50}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error}
            />
            <Group justify="end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Not now
              </Button>
              <Button loading={busy} onClick={take}>
                Take it
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
