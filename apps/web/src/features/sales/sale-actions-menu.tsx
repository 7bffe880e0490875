import { Menu } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactElement } from 'react';

/**
 * The sale page's "More actions" menu (Cancel sale), downloaded at the first tap on its button: Menu brings
 * Popover and floating-ui, 26 KB of gzip that made the sale page the one route adding more than 50 KB to the
 * first load (79.2 KB; bench/HISTORY.md). Opened at once when it comes after that tap.
 */
export default function SaleActionsMenu({
  target,
  isOpenedAtFirst,
  onCancel,
}: {
  target: ReactElement;
  isOpenedAtFirst: boolean;
  onCancel(): void;
}) {
  return (
    <Menu position="bottom-end" defaultOpened={isOpenedAtFirst}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={onCancel}>
          Cancel sale
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
