/**
 * What an owner or admin can do to a member from the members list: their activity, enable or
 * disable them, and — for an owner — hand the organisation over to them (issue #29).
 */
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { showAlert } from '../../../ui/alerts.ts';
import { openConfirm } from '../../../ui/confirm.tsx';
import { transferOwnership } from '../api/membership.ts';
import { disableMember, enableMember, type Member } from '../api/members.ts';

export function MemberActions(props: {
  member: Member;
  iAmOwner: boolean;
  organizationId: string | undefined;
  act: (run: () => Promise<unknown>) => void;
  onHandedOver: () => void;
}) {
  const m = props.member;
  const organizationId = props.organizationId;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button size="xs" variant="subtle">
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={`/settings/access-logs?profileId=${m.id}`}>
          Activity
        </Menu.Item>
        {props.iAmOwner && !m.disabled && m.role !== 'owner' && organizationId ? (
          <Menu.Item
            onClick={() =>
              openConfirm({
                title: 'Hand over ownership',
                message: `${m.firstName} ${m.lastName} becomes an owner of the organization and you an admin: only an owner can make you an owner again.`,
                confirmLabel: 'Hand over',
                danger: true,
                onConfirm: () =>
                  props.act(async () => {
                    await transferOwnership(organizationId, m.id);
                    showAlert({
                      message: `${m.firstName} ${m.lastName} is now an owner; you are an admin.`,
                      type: 'success',
                    });
                    // Your own role changed: what the app shows you follows.
                    props.onHandedOver();
                  }),
              })
            }
          >
            Hand over ownership
          </Menu.Item>
        ) : null}
        {m.disabled ? (
          <Menu.Item onClick={() => props.act(() => enableMember(m.id))}>Enable</Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            onClick={() =>
              openConfirm({
                title: 'Disable member',
                message: `${m.firstName} ${m.lastName} will lose access to the organization until enabled again.`,
                confirmLabel: 'Disable',
                danger: true,
                onConfirm: () => props.act(() => disableMember(m.id)),
              })
            }
          >
            Disable
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
