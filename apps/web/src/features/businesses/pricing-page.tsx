import { Anchor, Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FREE_TRIAL_DAYS, formatMoney, UPGRADE_CONTACT_EMAIL } from '@oja/contract';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { useSession } from '../auth/session';

type Plan = { name: string; monthly: string; yearly: string; forWhom: string; features: string[]; popular?: boolean };

/**
 * Oja's plans, in Naira, billed monthly or yearly (a year costs ten months). Upgrading is arranged
 * by email for now: the button opens a mail naming the plan and the business.
 */
const PLANS: Plan[] = [
  {
    name: 'Starter',
    monthly: '4500.00',
    yearly: '45000.00',
    forWhom: 'One shop and its owner, with a helper or two.',
    features: [
      '1 business, up to 3 staff',
      'Products with batches and expiry dates',
      'Carts, sales, receipts and invoices as PDF',
      'Share receipts on WhatsApp',
    ],
  },
  {
    name: 'Business',
    monthly: '12000.00',
    yearly: '120000.00',
    forWhom: 'A busy shop with salespeople and regular customers.',
    popular: true,
    features: [
      'Up to 3 businesses, 15 staff each',
      'Everything in Starter',
      'Customer accounts: orders, receipts and debts',
      'Reports, expenses and profit by period',
    ],
  },
  {
    name: 'Enterprise',
    monthly: '30000.00',
    yearly: '300000.00',
    forWhom: 'Distributors and chains of shops.',
    features: [
      'Unlimited businesses and staff',
      'Everything in Business',
      'Help moving your records into Oja',
      'Priority support by phone and WhatsApp',
    ],
  },
];

/**
 * /pricing, behind every "Upgrade Now": where the trial stands, the plans, and how to upgrade. Readable
 * without an account: a shop owner weighs the price before signing up.
 */
export default function PricingPage() {
  const user = useSession().data ?? null;
  const business = user?.business;
  const mailto = (plan: string) => {
    const who = business ? `${business.name} (${business.slug})` : 'my Oja account';
    return `mailto:${UPGRADE_CONTACT_EMAIL}?subject=${encodeURIComponent(`Upgrade ${who} to ${plan}`)}`;
  };
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>Plans and pricing</Title>
      <Card withBorder radius="md">
        {business?.free_trial ? (
          <Text>
            <b>{business.name}</b> is on its free trial, which ends on{' '}
            <b>{formatDate(business.trial_expiration_date)}</b>.
          </Text>
        ) : business ? (
          <Text>
            <b>{business.name}</b> is not on a free trial.
          </Text>
        ) : user ? (
          <Text>You have no business yet.</Text>
        ) : (
          <Text>
            Start with a free trial:{' '}
            <Anchor component={Link} to="/register">
              create an account for your shop
            </Anchor>
            .
          </Text>
        )}
        <Title order={4} mt="md">
          The free trial
        </Title>
        <List size="sm" mt="xs" spacing={4}>
          <List.Item>
            Every new business gets {FREE_TRIAL_DAYS} days free, with every feature of the Business plan.
          </List.Item>
          <List.Item>No card and no payment to start: you pay only when you choose a plan.</List.Item>
          <List.Item>Your products, sales and customers stay yours when the trial ends.</List.Item>
        </List>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {PLANS.map((plan) => (
          <Card key={plan.name} withBorder radius="md" padding="lg">
            <Stack gap="xs" h="100%">
              <Title order={3} size="h4">
                {plan.name}{' '}
                {plan.popular && (
                  <Badge variant="light" ml={4}>
                    Most popular
                  </Badge>
                )}
              </Title>
              <Text c="dimmed" size="sm">
                {plan.forWhom}
              </Text>
              <Text size="xl" fw={700}>
                {formatMoney(plan.monthly, 'NGN')}
                <Text span size="sm" c="dimmed" fw={400}>
                  {' '}
                  / month
                </Text>
              </Text>
              <Text size="sm" c="dimmed">
                or {formatMoney(plan.yearly, 'NGN')} a year (two months free)
              </Text>
              <List size="sm" spacing={4} icon={<IconCheck size={14} />} style={{ flexGrow: 1 }}>
                {plan.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List>
              <Button
                component="a"
                href={mailto(plan.name)}
                leftSection={<IconMail size={16} />}
                variant={plan.popular ? 'filled' : 'default'}
                fullWidth
              >
                Choose {plan.name}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        To upgrade, email {UPGRADE_CONTACT_EMAIL} with your business name and the plan you chose: we reply with an
        invoice you can pay by bank transfer or card.
      </Text>
    </Stack>
  );
}
