/** The members named on a card (hypothesis or experiment), chosen from the organisation. */
import { MultiSelect } from '@mantine/core';
import type { Person } from '../api/card.ts';
import { useTeammates } from '../api/card-project.ts';

export function MembersSelect(props: {
  value: Person[];
  disabled: boolean;
  onChange: (profileIds: string[]) => void;
}) {
  const teammates = useTeammates();
  return (
    <MultiSelect
      label="Members"
      disabled={props.disabled}
      searchable
      data={(teammates.data ?? []).map((m) => ({
        value: m.id,
        label: `${m.firstName} ${m.lastName}`.trim() || m.id,
      }))}
      value={props.value.map((m) => m.profileId)}
      onChange={props.onChange}
    />
  );
}
