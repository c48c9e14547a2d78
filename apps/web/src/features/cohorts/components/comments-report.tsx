/**
 * /cohort/{id}/leaderboard/comments: who commented on which team, this week or all along. Staff see
 * the staff report; when the cohort turns on the peer comments report, students' comments on other
 * teams show too (and students see those alone).
 */
import { SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { COHORT_ROLE_NAMES, type CohortRole } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { useCommentsReport, type CommentsReport, type CommentsReportRow } from '../api/cohorts.ts';

function ReportTable(props: {
  title: string;
  rows: CommentsReportRow[];
  teams: CommentsReport['teams'];
  empty: string;
  testId: string;
}) {
  return (
    <Stack gap="xs">
      <Title order={4}>{props.title}</Title>
      {props.rows.length === 0 ? (
        <Text size="sm">{props.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table data-testid={props.testId} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Role</Table.Th>
                {props.teams.map((t) => (
                  <Table.Th key={t.id}>{t.name}</Table.Th>
                ))}
                <Table.Th>Total</Table.Th>
                <Table.Th>Last comment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((row) => (
                <Table.Tr key={row.profileId}>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>
                    {row.kind === 'peer'
                      ? 'Student'
                      : (COHORT_ROLE_NAMES[row.role as CohortRole] ?? row.role)}
                  </Table.Td>
                  {row.counts.map((c) => (
                    <Table.Td key={c.teamId}>{c.count}</Table.Td>
                  ))}
                  <Table.Td fw={600}>{row.total}</Table.Td>
                  <Table.Td>{new Date(row.lastCommentAt).toLocaleDateString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function CommentsReportPanel(props: { cohortId: string }) {
  const [period, setPeriod] = useState<'week' | 'all'>('all');
  const query = useCommentsReport(props.cohortId, period);
  const report = query.data;
  return (
    <Stack gap="md">
      <SegmentedControl
        w={260}
        value={period}
        onChange={(value) => setPeriod(value as 'week' | 'all')}
        data={[
          { value: 'week', label: 'This week' },
          { value: 'all', label: 'All time' },
        ]}
      />
      {query.error ? (
        <Text size="sm">
          {toApiError(query.error).statusCode === 403
            ? 'The comments report is for the cohort’s staff.'
            : toApiError(query.error).message}
        </Text>
      ) : null}
      {report?.staff ? (
        <ReportTable
          title="Staff comments"
          rows={report.staff}
          teams={report.teams}
          empty="No staff comments yet."
          testId="staff-comments-report"
        />
      ) : null}
      {report?.peer ? (
        <ReportTable
          title="Peer comments"
          rows={report.peer}
          teams={report.teams}
          empty="No peer comments yet."
          testId="peer-comments-report"
        />
      ) : null}
    </Stack>
  );
}
