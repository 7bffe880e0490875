import { Alert, Chip, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { REPORT_MAX_DAYS } from '@oja/contract';
import { lagosToday } from '../../lib/dates';
import { formatDate } from '../../lib/format';
import { useBusinessContext } from '../../shell/business-context';
import { RequirePermission } from '../../shell/not-allowed';
import { PageLoader } from '../../ui/page-loader';
import { QueryError } from '../../ui/query-error';
import { useOnDemand } from '../../ui/use-on-demand';
import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { onDemand } from '../../ui/validate-on-demand';
import { categoryParam } from '../inventory/inventory-view';
import { useCategories } from '../inventory/pricing-api';
import { useBusinessReport } from './api';
import { CustomPeriodFields } from './custom-period-fields';
import { PERIOD_LABELS, PERIODS, type PeriodPreset, periodOf } from './periods';
import { ReportBody } from './report-body';
import { ReportPurchasesTable } from './report-purchases-table';
import { useCustomPeriod } from './use-custom-period';

/** The contract's rule for a period (ui/validate-on-demand.ts): zod, downloaded once a custom period is chosen. */
const rules = onDemand(() => import('./schemas'));

type Preset = PeriodPreset | 'custom';
const PRESETS: readonly Preset[] = [...PERIODS, 'custom'];
const DEFAULT_PRESET: Preset = '30_days';

/** /business/{slug}/reports: what the business earned, spent and kept over a period, and its stock. */
export default function ReportsPage() {
  return (
    <RequirePermission permission="business.overview">
      <Reports />
    </RequirePermission>
  );
}

function Reports() {
  const { business } = useBusinessContext();
  const today = lagosToday();
  const [preset, setPreset] = usePreset();
  const [custom, changeCustom] = useCustomPeriod(today);
  const period = preset === 'custom' ? custom : periodOf(preset, today);
  // A preset is a valid period by construction (periods.ts): it is checked once the rule is there anyway, and
  // until then the server checks it with the same rule. A custom one waits for the rule, or for its failure.
  const schemas = useOnDemand(rules, preset === 'custom');
  const check = schemas.loaded?.reportQuerySchema.safeParse({ business_id: business.id, ...period });
  const problem = check && !check.success ? (check.error.issues[0]?.message ?? null) : null;
  const ready = check ? check.success : preset !== 'custom' || schemas.failed;
  const [categoryId, setCategory] = useCategoryParam();
  const categories = useCategories(business.id);
  const report = useBusinessReport(business.id, period.from, period.to, ready, categoryId);

  return (
    <Stack gap="lg">
      <Title order={2}>{business.name} Reports</Title>
      <Stack gap="xs">
        <Chip.Group multiple={false} value={preset} onChange={(value) => setPreset(value as Preset)}>
          <Group gap={6} role="radiogroup" aria-label="Period">
            {PRESETS.map((value) => (
              <Chip key={value} value={value} size="md" variant="outline">
                {PERIOD_LABELS[value]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {preset === 'custom' && <CustomPeriodFields period={custom} today={today} onChange={changeCustom} />}
        {(categories.data?.results.length ?? 0) > 0 && (
          <NativeSelect
            label="Products of"
            description="Best sellers, low stock and expiry; the money figures stay the whole business's"
            value={categoryId === undefined ? '' : String(categoryId)}
            onChange={(event) => setCategory(event.currentTarget.value)}
            data={[
              { value: '', label: 'All categories' },
              ...(categories.data?.results.map((category) => ({ value: String(category.id), label: category.name })) ??
                []),
            ]}
          />
        )}
        <Text size="xs" c="dimmed">
          {formatDate(period.from)} to {formatDate(period.to)}. Days run midnight to midnight, Lagos time; up to{' '}
          {REPORT_MAX_DAYS} days at once.
        </Text>
      </Stack>

      {problem && <Alert color="yellow">{problem}</Alert>}
      {!problem && report.isPending && <PageLoader />}
      {report.isError && <QueryError error={report.error} onRetry={() => report.refetch()} />}
      {!problem && report.data && <ReportBody report={report.data} slug={business.slug} />}
      {!problem && report.data && (
        <ReportPurchasesTable
          businessId={business.id}
          slug={business.slug}
          from={period.from}
          to={period.to}
          enabled={ready}
        />
      )}
    </Stack>
  );
}

/** The category of the product tables, in the URL (`?category=`): a reload or a shared link keeps it. */
function useCategoryParam(): [number | undefined, (value: string) => void] {
  const [params, update] = useSearchParamsUpdate();
  const set = (value: string) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('category', value);
      else next.delete('category');
      return next;
    });
  return [categoryParam(params.get('category')), set];
}

/** The period chosen, in the URL (`?period=`) with the custom days: a reload or a shared link keeps it. */
function usePreset(): [Preset, (value: Preset) => void] {
  const [params, update] = useSearchParamsUpdate();
  const chosen = params.get('period');
  const preset = PRESETS.find((value) => value === chosen) ?? DEFAULT_PRESET;
  const choose = (value: Preset) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (value === DEFAULT_PRESET) next.delete('period');
      else next.set('period', value);
      return next;
    });
  return [preset, choose];
}
