import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, ROLE_LABELS } from '@oja/contract';
import { IconCash, IconFileInvoice, IconShoppingBag } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { errorMessage, isOffline, withReason } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { DismissibleTip } from '../../ui/dismissible-tip';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { useSession } from '../auth/session';
import { formatAmounts } from '../businesses/figures';
import { RecentSalesTable } from '../businesses/recent-sales';
import { useCustomerFigures } from './api';

/** /{slug}/customer: the customer's own orders in this business. */
export default function CustomerHomePage() {
  const { data: user } = useSession();
  if (!user) return <Text>{MESSAGES.local.userNotFound}</Text>;
  return <CustomerHome firstName={user.first_name} />;
}

function CustomerHome({ firstName }: { firstName: string }) {
  const { business, role } = useBusinessContext();
  const figures = useCustomerFigures(business.id);

  useEffect(() => {
    if (figures.error && !isOffline(figures.error))
      notify.error(errorMessage(withReason(figures.error, MESSAGES.toast.fetchOrders), MESSAGES.failed.fetchSales));
  }, [figures.error]);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {/* Long names wrap: unbroken, they widened the page past the phone's screen. */}
        <div style={{ overflowWrap: 'anywhere' }}>
          <Title order={2}>Welcome, {firstName} 👋</Title>
          <Text c="dimmed">
            {ROLE_LABELS[role]} · {business.name}
          </Text>
        </div>
        <Button component={Link} to={`/${business.slug}/customer/products`} mih={40}>
          Browse Products
        </Button>
      </Group>

      {figures.isPending && <PageLoader />}
      {figures.isError && <QueryError error={figures.error} onRetry={() => figures.refetch()} />}
      {figures.data && (
        <>
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <StatCard label="Total Orders" value={figures.data.total_orders} icon={<IconShoppingBag size={18} />} />
            <StatCard
              label="Amount Spent"
              value={formatAmounts(figures.data.amount_spent)}
              hint="Your orders' total, paid or owed"
              icon={<IconCash size={18} />}
            />
            <StatCard label="Receipts" value={figures.data.total_orders} icon={<IconFileInvoice size={18} />} />
          </SimpleGrid>
          <Card withBorder radius="md">
            <Title order={4} mb="xs">
              Recent Orders (Last 24 Hours)
            </Title>
            <RecentSalesTable sales={figures.data.recent_orders} emptyText="No recent orders in the past 24 hours." />
          </Card>
        </>
      )}
      <DismissibleTip tipId="customer-orders">
        Ask the shop to put your name on the cart when you buy: your orders then show here.
      </DismissibleTip>
    </Stack>
  );
}
