import { Button, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type BusinessListItem, MESSAGES, ROLE_LABELS } from '@oja/contract';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router';
import { errorMessage, isOffline, withReason } from '../../lib/api';
import { truncate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { homePathFor } from '../auth/home-path';
import { useCurrentUser } from '../auth/session';
import { useBusinesses } from './api';
import { plural } from './figures';

/** The Add Business dialog, downloaded when first opened (ui/load-on-open.tsx). */
const AddBusinessModal = loadOnOpen(
  () => import('./add-business-modal').then((module) => module.AddBusinessModal),
  (props) => props.opened,
);

/**
 * The CEO's home: every business they run, and (for a business owner) a way to add one. Nobody
 * else has a dashboard: a salesperson, customer or superuser who opens /dashboard goes home.
 */
export default function DashboardPage() {
  const user = useCurrentUser();
  if (user.role !== 'ceo') return <Navigate to={homePathFor(user)} replace />;
  return <Dashboard />;
}

function Dashboard() {
  const user = useCurrentUser();
  const businesses = useBusinesses();
  const [isAdding, adding] = useDisclosure(false);

  useEffect(() => {
    if (businesses.error && !isOffline(businesses.error)) {
      notify.error(
        errorMessage(withReason(businesses.error, MESSAGES.toast.fetchBusinesses), MESSAGES.failed.fetchBusinesses),
      );
    }
  }, [businesses.error]);

  const list = businesses.data?.results ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Welcome, {user.first_name}</Title>
          {businesses.data && <Text c="dimmed">You have {plural(list.length, 'business', 'businesses')}.</Text>}
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={businesses.isFetching}
          onClick={() => businesses.refetch()}
        >
          Refresh
        </Button>
      </Group>

      {businesses.isPending && <PageLoader label="Loading businesses..." />}
      {businesses.isError && (
        <QueryError
          error={businesses.error}
          fallback={MESSAGES.failed.fetchBusinesses}
          onRetry={() => businesses.refetch()}
        />
      )}
      {businesses.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {list.map((business) => (
            <BusinessCard key={business.id} business={business} />
          ))}
          {/* A member made CEO of someone else's business runs it but opens none of their own. */}
          {user.can_create_business && (
            <UnstyledButton onClick={adding.open} aria-label="Add Business" {...AddBusinessModal.intent}>
              <Card withBorder padding="lg" radius="md" h="100%" style={{ borderStyle: 'dashed' }}>
                <Stack align="center" justify="center" gap={4} h="100%" mih={90}>
                  <IconPlus />
                  <Text fw={600}>Add Business</Text>
                </Stack>
              </Card>
            </UnstyledButton>
          )}
        </SimpleGrid>
      )}
      {user.can_create_business && <AddBusinessModal opened={isAdding} onClose={adding.close} />}
    </Stack>
  );
}

function BusinessCard({ business }: { business: BusinessListItem }) {
  return (
    <Card
      component={Link}
      to={`/business/${business.slug}`}
      withBorder
      padding="lg"
      radius="md"
      aria-label={business.name}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700} size="lg" lineClamp={2}>
          {business.name}
        </Text>
        {business.role !== 'ceo' && (
          <Text size="xs" c="dimmed">
            {ROLE_LABELS[business.role]}
          </Text>
        )}
      </Group>
      <Text c="dimmed" size="sm" mt={4}>
        {business.about ? truncate(business.about, 40) : MESSAGES.business.noDescription}
      </Text>
    </Card>
  );
}
