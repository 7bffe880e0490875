import { ActionIcon, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { COPY_MARKER_RESET_MS, INVITE_ROLES, type InviteRole, MESSAGES } from '@oja/contract';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { LazyTooltip } from '../../ui/lazy-tooltip';

/** The address a person follows to join a business in a role ({origin}/{slug}/{role}). */
function inviteLink(slug: string, role: InviteRole): string {
  return `${window.location.origin}/${slug}/${role}`;
}

const LABELS: Record<InviteRole, string> = { ceo: 'CEO', salesperson: 'Salesperson', customer: 'Customer' };

const DESCRIPTIONS: Record<InviteRole, string> = {
  ceo: 'For another business owner: opens the sign-up for a new business.',
  salesperson: 'For your staff: they can log in once you activate them.',
  customer: 'For your customers: they see their own orders.',
};

/** The three copyable invite links, with the spec's toasts and a copied marker that clears after 1.5 s. */
export function InviteLinks({ slug }: { slug: string }) {
  const [copied, setCopied] = useState<InviteRole | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_MARKER_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (role: InviteRole) => {
    try {
      await navigator.clipboard.writeText(inviteLink(slug, role));
      setCopied(role);
      notify.copied(MESSAGES.team.inviteCopied(role));
    } catch {
      notify.error(MESSAGES.team.inviteCopyFailed);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={4} mb="xs">
        Invite links
      </Title>
      <Stack gap="sm">
        {INVITE_ROLES.map((role) => (
          <Group key={role} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {LABELS[role]}
              </Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
                {inviteLink(slug, role)}
              </Code>
              <Text size="xs" c="dimmed">
                {DESCRIPTIONS[role]}
              </Text>
            </div>
            <LazyTooltip label={copied === role ? 'Copied' : 'Copy link'} withArrow>
              <ActionIcon
                variant={copied === role ? 'filled' : 'light'}
                size="lg"
                onClick={() => copy(role)}
                aria-label={copied === role ? `Copied ${role} invite link` : `Copy ${role} invite link`}
              >
                {copied === role ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </LazyTooltip>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
