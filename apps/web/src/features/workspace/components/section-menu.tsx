/**
 * A section's menu (⋯), drawn the first time it is used (ui/lazy-menu.tsx, #53: the sections'
 * menus were a tenth of the canvas's first drawing on a phone).
 */
import { Menu } from '@mantine/core';
import { LazyMenu } from '../../../ui/lazy-menu.tsx';
import classes from './section-column.module.css';

export interface SectionMenuItem {
  label: string;
  onClick: () => void;
  color?: string;
}

export function SectionMenu(props: { name: string; items: SectionMenuItem[] }) {
  return (
    <LazyMenu
      position="bottom-end"
      withinPortal
      target={
        <button type="button" className={classes.icon} aria-label={`${props.name} options`}>
          ⋯
        </button>
      }
    >
      {props.items.map((item) => (
        <Menu.Item key={item.label} color={item.color} onClick={item.onClick}>
          {item.label}
        </Menu.Item>
      ))}
    </LazyMenu>
  );
}
