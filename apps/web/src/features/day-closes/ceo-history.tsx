import { Stack } from '@mantine/core';
import type { DayClose } from '@oja/contract';
import { useState } from 'react';
import { useBusinessContext } from '../../shell/business-context';
import { useSearchParamsUpdate } from '../../ui/use-search-params-update';
import { MemberFilter, memberParam, withMember } from '../activity/lazy-member-filter';
import { History } from './close-history';

/** The CEO's history: every close, or one member's (the member kept in the URL, searched among every employee). */
export default function CeoHistory({ onPrint }: { onPrint(close: DayClose): void }) {
  const { business } = useBusinessContext();
  const [params, update] = useSearchParamsUpdate();
  const member = memberParam(params.get('member'));
  const [name, setName] = useState<string | undefined>(undefined);
  return (
    <Stack gap="sm">
      <MemberFilter
        businessId={business.id}
        among="employees"
        label="Whose closes"
        value={member}
        chosenName={member ? name : undefined}
        onChange={(next) => update((current) => withMember(current, next))}
      />
      <History onPrint={onPrint} userId={member ? Number(member) : undefined} onCloserName={setName} />
    </Stack>
  );
}
