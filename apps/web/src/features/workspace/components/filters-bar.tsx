/** Canvas filters: search, tags, status, result, risky, mine (and, on product boards, active only). */
import {
  Button,
  Chip,
  Group,
  MultiSelect,
  Popover,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BUSINESS_STATUS_LABELS,
  BUSINESS_STATUSES,
  HYPOTHESIS_RESULT_LABELS,
  HYPOTHESIS_RESULTS,
  type CanvasFilters,
} from '@assay/domain';

export function FiltersBar(props: {
  filters: CanvasFilters;
  onChange: (filters: CanvasFilters) => void;
  tagOptions: string[];
  product?: boolean;
}) {
  const { filters, onChange } = props;
  const [search, setSearch] = useState(filters.search ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filters.search ?? '') !== search) onChange({ ...filters, search });
    }, 300);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);
  const count =
    (filters.tags?.length ?? 0) +
    (filters.statuses?.length ?? 0) +
    (filters.results?.length ?? 0) +
    (filters.risky ? 1 : 0) +
    (filters.mine ? 1 : 0) +
    (filters.activeOnly ? 1 : 0);
  return (
    <Group gap="xs">
      <TextInput
        size="xs"
        placeholder="Search titles"
        aria-label="Search titles"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={180}
      />
      <Popover position="bottom-end" withinPortal shadow="md">
        <Popover.Target>
          <Button size="xs" variant={count ? 'filled' : 'default'}>
            Filters{count ? ` (${count})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm" w={280}>
            <TagsInput
              label="Tags"
              size="xs"
              data={props.tagOptions}
              value={filters.tags ?? []}
              onChange={(tags) => onChange({ ...filters, tags })}
              comboboxProps={{ withinPortal: false }}
            />
            <MultiSelect
              label="Status"
              size="xs"
              data={BUSINESS_STATUSES.map((s) => ({ value: s, label: BUSINESS_STATUS_LABELS[s] }))}
              value={filters.statuses ?? []}
              onChange={(v) => onChange({ ...filters, statuses: v as CanvasFilters['statuses'] })}
              comboboxProps={{ withinPortal: false }}
            />
            <Chip.Group
              multiple
              value={filters.results ?? []}
              onChange={(v) => onChange({ ...filters, results: v as CanvasFilters['results'] })}
            >
              <Group gap={4}>
                {HYPOTHESIS_RESULTS.map((r) => (
                  <Chip key={r} value={r} size="xs">
                    {HYPOTHESIS_RESULT_LABELS[r]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Switch
              size="xs"
              label="Risky only"
              checked={filters.risky ?? false}
              onChange={(e) => onChange({ ...filters, risky: e.currentTarget.checked })}
            />
            <Switch
              size="xs"
              label="Created by me"
              checked={filters.mine ?? false}
              onChange={(e) => onChange({ ...filters, mine: e.currentTarget.checked })}
            />
            {props.product ? (
              <Switch
                size="xs"
                label="Hide parked, archived and complete"
                checked={filters.activeOnly ?? false}
                onChange={(e) => onChange({ ...filters, activeOnly: e.currentTarget.checked })}
              />
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setSearch('');
                onChange({});
              }}
            >
              Clear filters
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
