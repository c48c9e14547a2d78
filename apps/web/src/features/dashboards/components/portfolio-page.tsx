/**
 * /portfolio-dashboard/{id}: the projects of a collection (or the whole organisation) side by
 * side — stage, validated and invalidated, active experiments, evidence and investment — sortable
 * by any column, with charts.
 */
import {
  Alert,
  Anchor,
  Badge,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PORTFOLIO_STAGE_LABELS, PORTFOLIO_STAGES } from '@assay/domain';
import { toApiError } from '../../../api/errors.ts';
import { BarChart } from '../../../ui/charts/bar-chart.tsx';
import { usePortfolio, type PortfolioProject } from '../api/dashboard.ts';

type Column = keyof Omit<PortfolioProject, 'id' | 'status'>;
const COLUMNS: { key: Column; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Project', numeric: false },
  { key: 'stage', label: 'Stage', numeric: false },
  { key: 'hypotheses', label: 'Hypotheses', numeric: true },
  { key: 'validated', label: 'Validated', numeric: true },
  { key: 'invalidated', label: 'Invalidated', numeric: true },
  { key: 'activeExperiments', label: 'Active experiments', numeric: true },
  { key: 'evidence', label: 'Evidence', numeric: true },
  { key: 'investmentToDate', label: 'Invested to date', numeric: true },
];

const money = (v: number | null) =>
  v === null ? '—' : `$${v.toLocaleString(undefined, { maximumFractionDigits: 0 })}`;

function compare(a: PortfolioProject, b: PortfolioProject, key: Column) {
  if (key === 'name') return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  if (key === 'stage') return PORTFOLIO_STAGES.indexOf(a.stage) - PORTFOLIO_STAGES.indexOf(b.stage);
  return (a[key] ?? -1) - (b[key] ?? -1);
}

export function PortfolioPage() {
  const { id = '' } = useParams();
  const portfolio = usePortfolio(id);
  const [sort, setSort] = useState<{ key: Column; desc: boolean }>({ key: 'name', desc: false });
  if (portfolio.isError)
    return (
      <Alert color="red" m="md">
        {toApiError(portfolio.error).message}
      </Alert>
    );
  if (!portfolio.data) return <Loader m="md" aria-label="Loading portfolio" />;
  const rows = [...portfolio.data.projects].sort(
    (a, b) => compare(a, b, sort.key) * (sort.desc ? -1 : 1),
  );
  const chart = portfolio.data.projects.map((p) => ({
    project: p.name,
    Validated: p.validated,
    Invalidated: p.invalidated,
    Evidence: p.evidence,
  }));
  return (
    <Stack p="md" gap="md">
      <div>
        <Title order={2}>{portfolio.data.title}</Title>
        <Text size="sm" c="dimmed">
          Portfolio · {portfolio.data.projects.length} projects
        </Text>
      </div>
      {rows.length === 0 ? (
        <Text c="dimmed">No projects here yet.</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder p="sm" radius="md">
              <Text fw={600} size="sm" mb="xs">
                Validated and invalidated hypotheses
              </Text>
              <BarChart
                title="Validated and invalidated hypotheses"
                h={220}
                dataKey="project"
                data={chart}
                series={[
                  { name: 'Validated', color: 'green.6' },
                  { name: 'Invalidated', color: 'red.6' },
                ]}
              />
            </Paper>
            <Paper withBorder p="sm" radius="md">
              <Text fw={600} size="sm" mb="xs">
                Evidence per project
              </Text>
              <BarChart
                title="Evidence per project"
                h={220}
                dataKey="project"
                data={chart}
                series={[{ name: 'Evidence', color: 'teal.6' }]}
              />
            </Paper>
          </SimpleGrid>
          <Table striped highlightOnHover data-testid="portfolio-table">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th
                    key={c.key}
                    aria-sort={
                      sort.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined
                    }
                  >
                    <UnstyledButton
                      fw={600}
                      fz="sm"
                      onClick={() =>
                        setSort((s) => ({
                          key: c.key,
                          desc: s.key === c.key ? !s.desc : c.numeric,
                        }))
                      }
                    >
                      {c.label}
                      {sort.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''}
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id} data-testid="portfolio-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/project-dashboard/${p.id}`} size="sm">
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{PORTFOLIO_STAGE_LABELS[p.stage]}</Badge>
                  </Table.Td>
                  <Table.Td>{p.hypotheses}</Table.Td>
                  <Table.Td>{p.validated}</Table.Td>
                  <Table.Td>{p.invalidated}</Table.Td>
                  <Table.Td>{p.activeExperiments}</Table.Td>
                  <Table.Td>{p.evidence}</Table.Td>
                  <Table.Td>
                    {money(p.investmentToDate)}
                    {p.investmentTotal !== null ? ` of ${money(p.investmentTotal)}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
