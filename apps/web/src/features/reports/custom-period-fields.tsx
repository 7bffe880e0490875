import { SimpleGrid } from '@mantine/core';
import { DateField } from '../../ui/date-field';
import type { Period } from './periods';

/** The From and To days of a custom period (use-custom-period.ts), on the reports and the expenses pages. */
export function CustomPeriodFields({
  period,
  today,
  onChange,
}: {
  period: Period;
  today: string;
  onChange: (end: keyof Period, value: string) => void;
}) {
  return (
    <SimpleGrid cols={2} spacing="sm">
      <DateField
        label="From"
        value={period.from}
        max={today}
        onChange={(event) => onChange('from', event.currentTarget.value)}
      />
      <DateField
        label="To"
        value={period.to}
        max={today}
        onChange={(event) => onChange('to', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
