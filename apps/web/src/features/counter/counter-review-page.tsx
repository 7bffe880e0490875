import { Anchor, Badge, Button, Card, Group, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { COUNTER_REVIEW_MESSAGES, type DeviceStatus, type PriceFlag, type Shortfall } from '@oja/contract';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { loadOnOpen } from '../../ui/load-on-open';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { useListView } from '../../ui/use-list-view';
import { useCounterDevices, usePriceFlags, useShortfalls } from './review-api';
import { priceOf, waitedFor } from './review-format';
import type { SettleTarget } from './settle-modal';

/** Settling, downloaded when first opened, as every page's dialogs are (ui/load-on-open.tsx). */
const SettleModal = loadOnOpen(
  () => import('./settle-modal').then((module) => module.SettleModal),
  (props) => props.target !== null,
);

/** The tab and whether settled ones show live in the URL: back, refresh and Needs attention's links keep them. */
const REVIEW_LIST = {
  filters: { tab: ['shortfalls', 'prices', 'phones'], show: ['open', 'all'] },
} as const;

/**
 * /business/:slug/counter-review and /:slug/employee/counter-review: what the counter left for the owner (ADR
 * 0013): units sold beyond the stock, sales at another price, and phones with sales not sent yet.
 */
export default function CounterReviewPage() {
  return (
    <RequirePermission permission="counter.review">
      <CounterReview />
    </RequirePermission>
  );
}

function CounterReview() {
  const { business } = useBusinessContext();
  const inBusiness = useLocation().pathname.startsWith('/business/');
  const view = useListView(REVIEW_LIST);
  const { tab, show } = view.filters;
  const includeSettled = show === 'all';
  const shortfalls = useShortfalls(business.id, includeSettled, tab === 'shortfalls');
  const flags = usePriceFlags(business.id, includeSettled, tab === 'prices');
  const devices = useCounterDevices(business.id, tab === 'phones');
  const [target, setTarget] = useState<SettleTarget | null>(null);
  const saleLink = (saleId: number, receipt: string | null) =>
    inBusiness ? (
      <Anchor component={Link} to={`/business/${business.slug}/sales/${saleId}`} size="sm">
        Receipt {receipt ?? `#${saleId}`}
      </Anchor>
    ) : (
      <Text size="sm">Receipt {receipt ?? `#${saleId}`}</Text>
    );
  const settledSwitch = (
    <Switch
      label="Show settled"
      size="md"
      checked={includeSettled}
      onChange={(event) => view.setFilter('show', event.currentTarget.checked ? 'all' : 'open')}
      py={8}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2}>Counter review</Title>
      <Tabs value={tab} onChange={(value) => view.setFilter('tab', value)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="shortfalls" mih={44}>
            Shortfalls
          </Tabs.Tab>
          <Tabs.Tab value="prices" mih={44}>
            Prices
          </Tabs.Tab>
          <Tabs.Tab value="phones" mih={44}>
            Phones
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="shortfalls" pt="md">
          <Stack gap="sm">
            {settledSwitch}
            <Rows query={shortfalls} empty={COUNTER_REVIEW_MESSAGES.noShortfalls}>
              {(rows: Shortfall[]) =>
                rows.map((row) => (
                  <ReviewCard
                    key={row.id}
                    label={`Shortfall: ${row.product_name}`}
                    title={row.product_name}
                    badge={`${row.quantity} not in stock`}
                    settled={row.settled_at && `Settled by ${row.settled_by_name ?? 'someone'}: ${row.settle_note}`}
                    onSettle={() =>
                      setTarget({
                        kind: 'shortfall',
                        id: row.id,
                        title: 'Settle a shortfall',
                        detail: `${row.quantity} × ${row.product_name} sold by ${row.sold_by_name} without stock.`,
                      })
                    }
                  >
                    {saleLink(row.sale_id, row.receipt_number)}
                    <Text size="sm" c="dimmed">
                      Sold by {row.sold_by_name}, {formatDateTime(row.created_at)}
                    </Text>
                  </ReviewCard>
                ))
              }
            </Rows>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="prices" pt="md">
          <Stack gap="sm">
            {settledSwitch}
            <Rows query={flags} empty={COUNTER_REVIEW_MESSAGES.noPriceFlags}>
              {(rows: PriceFlag[]) =>
                rows.map((row) => (
                  <ReviewCard
                    key={row.id}
                    label={`Price flag: ${row.product_name}`}
                    title={row.product_name}
                    badge={`charged ${priceOf(row.charged_unit_price, row.charged_discount_percentage)}`}
                    settled={row.settled_at && `Settled ${formatDateTime(row.settled_at)}`}
                    onSettle={() =>
                      setTarget({
                        kind: 'price-flag',
                        id: row.id,
                        title: 'Settle a price flag',
                        detail: `${row.product_name} charged ${priceOf(row.charged_unit_price, row.charged_discount_percentage)}, the product's price is ${priceOf(row.product_unit_price, row.product_discount_percentage)}.`,
                      })
                    }
                  >
                    <Text size="sm">
                      Product price {priceOf(row.product_unit_price, row.product_discount_percentage)}
                    </Text>
                    {saleLink(row.sale_id, row.receipt_number)}
                    <Text size="sm" c="dimmed">
                      Sold by {row.sold_by_name}, {formatDateTime(row.created_at)}
                    </Text>
                  </ReviewCard>
                ))
              }
            </Rows>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="phones" pt="md">
          <Rows query={devices} empty={COUNTER_REVIEW_MESSAGES.noDevices}>
            {(rows: DeviceStatus[]) => rows.map((device) => <DeviceCard key={device.device_id} device={device} />)}
          </Rows>
        </Tabs.Panel>
      </Tabs>
      <SettleModal businessId={business.id} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

function Rows<T>({
  query,
  empty,
  children,
}: {
  query: { data?: T[]; isPending: boolean; isError: boolean; error: unknown; refetch(): unknown };
  empty: string;
  children(rows: T[]): ReactNode;
}) {
  if (query.isError)
    return (
      <QueryError error={query.error} fallback={COUNTER_REVIEW_MESSAGES.failed.fetch} onRetry={() => query.refetch()} />
    );
  if (query.isPending || !query.data) return <PageLoader />;
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return <Stack gap="sm">{children(query.data)}</Stack>;
}

function ReviewCard({
  label,
  title,
  badge,
  settled,
  onSettle,
  children,
}: {
  label: string;
  title: string;
  badge: string;
  settled: string | null;
  onSettle(): void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" component="article" aria-label={label}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Badge color={settled ? 'gray' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
            {badge}
          </Badge>
        </Group>
        {children}
        {settled ? (
          <Text size="sm" c="teal">
            {settled}
          </Text>
        ) : (
          <Button mt="xs" mih={44} variant="light" onClick={onSettle}>
            Settle
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function DeviceCard({ device }: { device: DeviceStatus }) {
  return (
    <Card withBorder radius="md" component="article" aria-label={`Phone ${device.label} · ${device.prefix}`}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {device.label} · {device.prefix}
          </Text>
          <Badge color={device.pending_count > 0 ? 'orange' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
            {device.pending_count > 0 ? `${device.pending_count} not sent` : 'All sent'}
          </Badge>
        </Group>
        <Text size="sm">Clerk: {device.user_name}</Text>
        <Text size="sm" c="dimmed">
          Last seen {formatDateTime(device.last_seen_at)}
        </Text>
        {device.oldest_pending_at && (
          <Text size="sm" c="dimmed">
            Oldest waiting since {formatDateTime(device.oldest_pending_at)} ({waitedFor(device.oldest_pending_at)})
          </Text>
        )}
        {device.needs_attention_count > 0 && (
          <Text size="sm" c="red">
            {device.needs_attention_count} refused, waiting on the phone
          </Text>
        )}
      </Stack>
    </Card>
  );
}
