import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link, useMatch } from 'react-router';
import type { AreaLink } from './area-layout';

/**
 * The main pages of an area as a row of tabs at the foot of a phone's screen: one tap away under
 * the thumb, each at least 48 px square, the current one marked.
 */
export function AreaTabBar({ label, links }: { label: string; links: readonly AreaLink[] }) {
  return (
    <SimpleGrid component="nav" aria-label={label} cols={links.length} spacing={0} h="100%">
      {links.map((link) => (
        <Tab key={link.to} link={link} />
      ))}
    </SimpleGrid>
  );
}

function Tab({ link }: { link: AreaLink }) {
  const isActive = useMatch({ path: link.to, end: link.end ?? false }) !== null;
  return (
    <UnstyledButton
      component={Link}
      to={link.to}
      aria-current={isActive ? 'page' : undefined}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: 48,
        color: isActive ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-dimmed)',
      }}
    >
      {link.icon}
      <Text span size="xs" fw={isActive ? 700 : 500} lh={1.1}>
        {link.label}
      </Text>
    </UnstyledButton>
  );
}
