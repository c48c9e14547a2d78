/**
 * A menu drawn the first time its button is used (#53). A page can show many menu buttons that
 * few people open (a canvas: a dozen sections' ⋯, what to test next's "Plan an experiment");
 * Mantine's Menu mounts a popover and its floating position with each. Until first used, the
 * button is drawn alone; its first click draws the menu around it, already open. Once drawn, it
 * stays.
 */
import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';

export function LazyMenu(props: {
  /** The button: drawn as it is, and as the menu's target once drawn. */
  target: ReactElement<{ onClick?: () => void }>;
  position?: MenuProps['position'];
  withinPortal?: boolean;
  /** The menu's items. */
  children: ReactNode;
}) {
  const [drawn, setDrawn] = useState(false);
  if (!drawn)
    return cloneElement(props.target, {
      onClick: () => setDrawn(true),
      'aria-haspopup': 'menu',
      'aria-expanded': false,
    } as Record<string, unknown>);
  return (
    <Menu position={props.position} withinPortal={props.withinPortal} defaultOpened>
      <Menu.Target>{props.target}</Menu.Target>
      <Menu.Dropdown>{props.children}</Menu.Dropdown>
    </Menu>
  );
}
