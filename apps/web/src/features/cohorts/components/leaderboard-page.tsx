/**
 * /cohort/{id}/leaderboard/{teams|instructors|mentors|comments}: how the teams are doing against the
 * weekly targets (part 2 §9), the instructor and mentor engagement boards with this week's counts,
 * and the comments report.
 */
import { useLiveCohort } from '../../../api/live-cohort.ts';
import {
  Anchor,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import {
  useCohort,
  useLeaderboard,
  type EngagementRow,
  type LeaderboardCounts,
} from '../api/cohorts.ts';
import { BarChart } from '../../../ui/charts/bar-chart.tsx';
import { PayEditorFee } from './billing-tab.tsx';
import { CommentsReportPanel } from './comments-report.tsx';

const METRICS: { key: keyof LeaderboardCounts; label: string }[] = [
  { key: 'interviews', label: 'Interviews' },
  { key: 'inTesting', label: 'In testing' },
  { key: 'invalidated', label: 'Invalidated' },
  { key: 'validated', label: 'Validated' },
  { key: 'instructorEngagements', label: 'Instructor engagements' },
  { key: 'mentorEngagements', label: 'Mentor engagements' },
];

function Score(props: { value: number; target: number; label: string }) {
  const percent = props.target > 0 ? Math.min(100, (props.value / props.target) * 100) : 0;
  return (
    <Stack gap={2} miw={90}>
      <Text size="sm" aria-label={`${props.label}: ${props.value} of ${props.target}`}>
        {props.value} / {props.target}
      </Text>
      <Progress.Root size="sm">
        <Progress.Section
          value={percent}
          color={percent >= 100 ? 'green' : 'blue'}
          aria-label={`${props.label} against the target`}
        />
      </Progress.Root>
    </Stack>
  );
}

function Engagements(props: { rows: EngagementRow[]; empty: string }) {
  if (props.rows.length === 0) return <Text size="sm">{props.empty}</Text>;
  return (
    <Table data-testid="engagement-board">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Engagements</Table.Th>
          <Table.Th>This week</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((r) => (
          <Table.Tr key={`${r.profileId}-${r.type}`}>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td>{r.engagements}</Table.Td>
            <Table.Td>{r.engagementsThisWeek}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function LeaderboardPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id ?? '';
  const tab = ['teams', 'instructors', 'mentors', 'comments'].includes(params['*'] ?? '')
    ? (params['*'] as string)
    : 'teams';
  const query = useLeaderboard(id);
  const cohort = useCohort(id);
  // Scores and team work land while the class watches (#26).
  useLiveCohort(id);
  const board = query.data;
  if (!board) return null;
  // Staff read the comments report; everyone once the cohort turns on the peer report.
  const seesComments =
    !!cohort.data &&
    (cohort.data.abilities.commentOnTeams ||
      cohort.data.role === 'Observer' ||
      cohort.data.settings.peerCommentsReport);
  return (
    <Stack p="md" gap="md">
      {/* The redirect target when a card reports payment due: the fee can be paid here. */}
      {cohort.data ? <PayEditorFee cohort={cohort.data} /> : null}
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2}>{board.name}: leaderboard</Title>
          <Text size="sm">
            Week {board.week} ({board.weekLabel})
          </Text>
        </Stack>
        <Anchor component={Link} to={`/cohort/${board.cohortId}`} size="sm">
          Teams and members
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`/cohort/${id}/leaderboard/${value}`)}
      >
        <Tabs.List>
          <Tabs.Tab value="teams">Teams</Tabs.Tab>
          <Tabs.Tab value="instructors">Instructor engagements</Tabs.Tab>
          <Tabs.Tab value="mentors">Mentor engagements</Tabs.Tab>
          {seesComments ? <Tabs.Tab value="comments">Comments report</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="teams" pt="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Paper withBorder p="sm">
                <Text size="xs">Average evidence per team</Text>
                <Text fw={700} size="xl" data-testid="average-evidence">
                  {board.averageEvidencePerTeam}
                </Text>
              </Paper>
              <Paper withBorder p="sm">
                <Text size="xs">Average days to a result</Text>
                <Text fw={700} size="xl">
                  {board.averageDaysToResult === null ? '–' : board.averageDaysToResult.toFixed(1)}
                </Text>
              </Paper>
              <Paper withBorder p="sm">
                <Text size="xs">Cohort interviews</Text>
                <Score
                  label="Cohort interviews"
                  value={board.totals.interviews}
                  target={board.cohortTargets.interviews}
                />
              </Paper>
            </SimpleGrid>
            <Table.ScrollContainer minWidth={800}>
              <Table data-testid="leaderboard-teams" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Team</Table.Th>
                    {METRICS.map((m) => (
                      <Table.Th key={m.key}>{m.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {board.teams.map((team) => (
                    <Table.Tr key={team.id} data-testid="leaderboard-team">
                      <Table.Td>
                        <Anchor component={Link} to={team.openPath}>
                          {team.name}
                        </Anchor>
                      </Table.Td>
                      {METRICS.map((m) => (
                        <Table.Td key={m.key}>
                          <Score
                            label={`${team.name} ${m.label}`}
                            value={team.counts[m.key]}
                            target={board.teamTargets[m.key]}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {board.teams.length === 0 ? <Text size="sm">No teams yet.</Text> : null}
            <Paper withBorder p="sm">
              <Text fw={600} size="sm" mb="xs">
                Interviews per week
              </Text>
              <BarChart
                title="Interviews per week"
                h={220}
                dataKey="label"
                data={board.interviewsByWeek}
                series={[{ name: 'interviews', label: 'Interviews', color: 'blue.6' }]}
              />
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="instructors" pt="md">
          <Engagements rows={board.instructorEngagements} empty="No instructor engagements yet." />
        </Tabs.Panel>
        <Tabs.Panel value="mentors" pt="md">
          <Engagements rows={board.mentorEngagements} empty="No mentor engagements yet." />
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="md">
          {tab === 'comments' ? <CommentsReportPanel cohortId={id} /> : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
