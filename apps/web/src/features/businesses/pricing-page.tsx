import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { UPGRADE_CONTACT_EMAIL } from '@oja/contract';
import { IconMail } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { useCurrentUser } from '../auth/session';

/** /pricing, behind every "Upgrade Now": where the trial stands and how to upgrade. No invented prices. */
export default function PricingPage() {
  const user = useCurrentUser();
  const business = user.business;
  const subject = encodeURIComponent(`Upgrade ${business ? `${business.name} (${business.slug})` : 'my Oja account'}`);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>Upgrade Oja</Title>
      <Card withBorder radius="md">
        {business ? (
          business.free_trial ? (
            <Text>
              <b>{business.name}</b> is on a free trial. It ends on <b>{formatDate(business.trial_expiration_date)}</b>.
            </Text>
          ) : (
            <Text>
              <b>{business.name}</b> is not on a free trial.
            </Text>
          )
        ) : (
          <Text>You have no business yet.</Text>
        )}
      </Card>
      <Card withBorder radius="md">
        <Title order={4}>How to upgrade</Title>
        <Text mt="xs">
          Plans are arranged with each business directly. Email us at <b>{UPGRADE_CONTACT_EMAIL}</b> with your business
          name, and we will reply with the plans and prices that fit your shop.
        </Text>
        <Button
          component="a"
          href={`mailto:${UPGRADE_CONTACT_EMAIL}?subject=${subject}`}
          leftSection={<IconMail size={16} />}
          mt="md"
        >
          Email us to upgrade
        </Button>
      </Card>
    </Stack>
  );
}
