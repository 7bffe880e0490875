import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can, formatMoney, MESSAGES } from '@oja/contract';
import { IconCash, IconChartPie, IconReceipt, IconStar, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { errorMessage, isOffline, withReason } from '../../lib/api';
import { notify } from '../../lib/notify';
import { useBusinessContext } from '../../shell/business-context';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { useCurrentUser } from '../auth/session';
import { AttentionCard } from '../businesses/attention-card';
import { formatAmounts } from '../businesses/figures';
import { RecentSalesCard } from '../businesses/recent-sales';
import { TrialBanner } from '../businesses/trial-banner';
import { counterReviewPath } from '../counter/review-paths';
import { useOpenRequestCount } from '../sales/api';
import { useEmployeeFigures } from './api';

/** /{slug}/employee: the employee's own figures in this business, computed by the server. */
export default function EmployeeHomePage() {
  const user = useCurrentUser();
  const { business, role } = useBusinessContext();
  const figures = useEmployeeFigures(business.id);
  const canConfirm = can(role, 'sale.confirm');
  const openRequests = useOpenRequestCount(business.id, canConfirm);
  const performance = figures.data?.performance;

  useEffect(() => {
    if (figures.error && !isOffline(figures.error))
      notify.error(errorMessage(withReason(figures.error, MESSAGES.toast.fetchSales), MESSAGES.failed.fetchSales));
  }, [figures.error]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        {/* A long name wraps: unbroken, it widened the page past the phone's screen. */}
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          Welcome back, {user.first_name} 👋
        </Title>
        <Group gap="xs">
          {can(role, 'sale.confirm') && (
            <Button component={Link} to={`/${business.slug}/employee/sell`} mih={40} color="teal">
              Sell
            </Button>
          )}
          <Button component={Link} to={`/${business.slug}/employee/expenses`} variant="default" mih={40}>
            Expenses
          </Button>
          {can(role, 'day.close') && (
            <Button component={Link} to={`/${business.slug}/employee/close-day`} variant="default" mih={40}>
              Close the day
            </Button>
          )}
          <Button component={Link} to={`/${business.slug}/employee/inventory`} mih={40}>
            Manage Inventory
          </Button>
        </Group>
      </Group>
      <TrialBanner business={business} canUpgrade={can(role, 'business.update')} />

      {figures.isPending && <PageLoader />}
      {figures.isError && <QueryError error={figures.error} onRetry={() => figures.refetch()} />}
      {figures.data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
            <StatCard label="Total Sales" value={figures.data.total_sales} icon={<IconReceipt size={18} />} />
            <StatCard label="Sales Revenue" value={formatAmounts(figures.data.revenue)} icon={<IconCash size={18} />} />
            <StatCard label="Customers Handled" value={figures.data.customers_handled} icon={<IconUsers size={18} />} />
            <StatCard
              label="Performance"
              value={performance ? `${performance.percent}%` : '0%'}
              hint={
                performance
                  ? `collected of the ${formatMoney(performance.sold, performance.currency)} you sold`
                  : 'Nothing sold yet'
              }
              icon={<IconChartPie size={18} />}
            />
            <StatCard
              label="Top Product"
              value={figures.data.top_product?.product_name ?? 'No sales yet'}
              hint={figures.data.top_product && `${figures.data.top_product.quantity} sold`}
              icon={<IconStar size={18} />}
            />
          </SimpleGrid>
          {canConfirm && openRequests !== undefined && (
            <CustomerRequestsCard count={openRequests} salesTo={`/${business.slug}/employee/sales?tab=carts`} />
          )}
          <AttentionCard
            attention={figures.data.attention}
            slug={business.slug}
            reviewTo={can(role, 'counter.review') ? counterReviewPath(business.slug, 'employee') : undefined}
          />
          <RecentSalesCard sales={figures.data.recent_sales} allSalesTo={`/${business.slug}/employee/sales`} />
        </>
      )}
    </Stack>
  );
}

/**
 * The customers' requests waiting for the shop, for a member who confirms them: the customer is told the
 * shop confirms a request, and it waits among the carts of the employee sales page.
 */
function CustomerRequestsCard({ count, salesTo }: { count: number; salesTo: string }) {
  return (
    <Card component="section" withBorder radius="md" aria-label="Customer requests">
      <Group gap="xs" mb={4}>
        <Title order={4}>Customer requests</Title>
        <Badge size="sm" variant="light" color={count === 0 ? 'gray' : 'grape'}>
          {count}
        </Badge>
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No customer is waiting for a request to be confirmed.
        </Text>
      ) : (
        <Text size="sm">
          {count === 1
            ? 'A customer’s request waits for the shop to confirm it.'
            : `${count} customers’ requests wait for the shop to confirm them.`}{' '}
          <Anchor component={Link} to={salesTo} fw={500}>
            Open the carts
          </Anchor>
        </Text>
      )}
    </Card>
  );
}
