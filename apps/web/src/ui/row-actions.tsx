import { ActionIcon, type ActionIconProps, Button, type ButtonProps, Group, type MantineColor } from '@mantine/core';
import type { ReactNode, RefCallback } from 'react';
import { Link } from 'react-router';
import { LazyTooltip } from './lazy-tooltip';
import { useWideScreen } from './use-wide-screen';

type RowAction = {
  /** What the button says on a phone (and the tooltip of its icon on a wide screen). */
  label: string;
  /** The accessible name, which says which row: "Edit Cart-1". It starts with the label. */
  name: string;
  /** With an icon a wide screen shows the icon alone; without one, a small button with the label. */
  icon?: ReactNode;
  color?: MantineColor;
  isDisabled?: boolean;
  /** A link to this address instead of a button. */
  to?: string;
  /** The link's history state (a sale page's way back). */
  state?: unknown;
  onClick?(): void;
};

/**
 * A table row's actions: small on a wide screen, full-size touch targets (40 px high) on a phone. Only the
 * screen's own set is drawn: both, one hidden, doubled the buttons of every row, and React's work on a phone's
 * load of the sales page with them.
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const isWide = useWideScreen();
  if (isWide) {
    return (
      <Group gap={4} wrap="nowrap">
        {actions.map((action) =>
          action.icon ? (
            // Loaded after the page (lazy-tooltip.tsx): floating-ui was the signed-in shared chunk's largest part.
            <LazyTooltip key={action.label} label={action.label}>
              <ActionIconFor action={action} variant="subtle">
                {action.icon}
              </ActionIconFor>
            </LazyTooltip>
          ) : (
            <ButtonFor key={action.label} action={action} size="compact-sm" variant="light">
              {action.label}
            </ButtonFor>
          ),
        )}
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      {actions.map((action) => (
        <ButtonFor
          key={action.label}
          action={action}
          variant="light"
          leftSection={action.icon}
          mih={40}
          style={{ flexGrow: 1 }}
        >
          {action.label}
        </ButtonFor>
      ))}
    </Group>
  );
}

/** The action as a link when it goes somewhere, as a button otherwise. */
function ButtonFor({ action, ...props }: ButtonProps & { action: RowAction }) {
  const common = { ...props, color: action.color, disabled: action.isDisabled, 'aria-label': action.name };
  return action.to ? (
    <Button component={Link} to={action.to} state={action.state} {...common} />
  ) : (
    <Button onClick={action.onClick} {...common} />
  );
}

function ActionIconFor({ action, ...props }: ActionIconProps & { action: RowAction; ref?: RefCallback<HTMLElement> }) {
  const common = { ...props, color: action.color, disabled: action.isDisabled, 'aria-label': action.name };
  return action.to ? (
    <ActionIcon component={Link} to={action.to} state={action.state} {...common} />
  ) : (
    <ActionIcon onClick={action.onClick} {...common} />
  );
}
