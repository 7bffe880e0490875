import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BusinessOverview, can, formatMoney, PAYMENT_METHOD_LABELS, TEAM_MESSAGES } from '@oja/contract';
import { IconCash, IconReceipt, IconStar, IconUsers } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { useBusinessContext } from '../../shell/business-context';
import { homeOf } from '../../shell/business-nav';
import { DismissibleTip } from '../../ui/dismissible-tip';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { StatCard } from '../../ui/stat-card';
import { counterReviewPath } from '../counter/review-paths';
import { InviteLinks } from '../team/invite-links';
import { useBusinessOverview } from './api';
import { AttentionCard } from './attention-card';
import { formatAmounts, plural, roleSummaryText } from './figures';
import { RevenueChart } from './lazy-charts';
import { RecentSalesCard } from './recent-sales';
import { TrialBanner } from './trial-banner';

/** /business/{slug}: the CEO's figures for one business, computed by the server. */
export default function OverviewPage() {
  const { business, role } = useBusinessContext();
  // The business card is where every member lands; only the CEO has an overview.
  if (!can(role, 'business.overview')) return <Navigate to={homeOf(business.slug, role)} replace />;
  return <Overview />;
}

function Overview() {
  const { business, role } = useBusinessContext();
  const overview = useBusinessOverview(business.id);
  const base = `/business/${business.slug}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{business.name} Overview</Title>
        <Group gap="xs">
          {can(role, 'sale.confirm') && (
            <Button component={Link} to={`${base}/sell`} color="teal">
              Sell
            </Button>
          )}
          <Button component={Link} to={`${base}/close-day`} variant="default">
            Close the day
          </Button>
          <Button component={Link} to={`${base}/inventory`} variant="default">
            View Inventory
          </Button>
          <Button component={Link} to={`${base}/sales`}>
            View Sales
          </Button>
        </Group>
      </Group>
      <TrialBanner business={business} canUpgrade={can(role, 'business.update')} />

      {overview.isPending && <PageLoader />}
      {overview.isError && <QueryError error={overview.error} onRetry={() => overview.refetch()} />}
      {overview.data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            {/* The value of every sale, paid or not: the money actually in hand is said under it. */}
            <StatCard
              label="Total Revenue"
              value={formatAmounts(overview.data.total_revenue)}
              hint={
                <>
                  All sales, paid or not.
                  <br />
                  Collected: {formatAmounts(overview.data.collected)}
                  <br />
                  Today: {todayByMethod(overview.data.collected_today_by_method)}
                </>
              }
              icon={<IconCash size={18} />}
            />
            <StatCard
              label="Total Sales"
              value={`${overview.data.total_sales} Orders`}
              icon={<IconReceipt size={18} />}
            />
            <StatCard
              label="Best Seller"
              value={overview.data.best_seller?.product_name ?? 'No sales yet'}
              hint={overview.data.best_seller && `${overview.data.best_seller.quantity} sold`}
              icon={<IconStar size={18} />}
            />
            <StatCard label="Active Users" value={overview.data.active_users} icon={<IconUsers size={18} />} />
          </SimpleGrid>

          <AttentionCard
            attention={overview.data.attention}
            slug={business.slug}
            reviewTo={can(role, 'counter.review') ? counterReviewPath(business.slug, 'business') : undefined}
          />
          <Card withBorder radius="md">
            <Title order={4} mb="sm">
              Performance Trend (Last 7 Days)
            </Title>
            <RevenueChart days={overview.data.revenue_by_day} />
          </Card>

          <RecentSalesCard sales={overview.data.recent_sales} allSalesTo={`${base}/sales?tab=sales`} showSeller />

          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder radius="md">
              <Title order={4}>Manage Users</Title>
              <Text mt="xs">{plural(overview.data.active_users, 'active user', 'active users')}</Text>
              <Text c="dimmed" size="sm">
                {roleSummaryText(overview.data.role_summary)}
              </Text>
              <Button component={Link} to={`${base}/users`} mt="md" variant="light">
                Manage Team
              </Button>
            </Card>
            <InviteLinks slug={business.slug} />
          </SimpleGrid>
          <DismissibleTip tipId="team">{TEAM_MESSAGES.tip}</DismissibleTip>
        </>
      )}
    </Stack>
  );
}

/** Today's money as it came in: "Cash ₦1,500.00 · POS card ₦2,500.00", or nothing yet. */
function todayByMethod(rows: BusinessOverview['collected_today_by_method']): string {
  if (rows.length === 0) return 'nothing collected yet';
  return rows.map((row) => `${PAYMENT_METHOD_LABELS[row.method]} ${formatMoney(row.amount, row.currency)}`).join(' · ');
}
