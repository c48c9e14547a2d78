/**
 * A section's menu (⋯). A board draws a dozen sections with the page and few people open their
 * menus, so the button is a plain one and the menu itself — Mantine's, with its floating
 * position — is drawn the first time the button is used, already open (#53: the sections' menus
 * were a tenth of the canvas's first drawing on a phone). Once drawn it stays.
 */
import { Menu } from '@mantine/core';
import { useState } from 'react';
import classes from './section-column.module.css';

export interface SectionMenuItem {
  label: string;
  onClick: () => void;
  color?: string;
}

export function SectionMenu(props: { name: string; items: SectionMenuItem[] }) {
  const [drawn, setDrawn] = useState(false);
  const label = `${props.name} options`;
  if (!drawn)
    return (
      <button
        type="button"
        className={classes.icon}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setDrawn(true)}
      >
        ⋯
      </button>
    );
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <button type="button" className={classes.icon} aria-label={label}>
          ⋯
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.items.map((item) => (
          <Menu.Item key={item.label} color={item.color} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
