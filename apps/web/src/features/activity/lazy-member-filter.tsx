import { TextInput } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { MemberFilterProps } from './member-picker';

/**
 * The member filter loaded after the page, as the suppliers' pickers are (suppliers/lazy-pickers.tsx): Mantine's
 * Select would join the first load of every signed-in page. Until it comes, a read-only field of the same label.
 */
const Picker = lazy(() => import('./member-picker').then((module) => ({ default: module.MemberFilter })));

export function MemberFilter(props: MemberFilterProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          readOnly
          size="md"
          label={props.label}
          placeholder="Everyone"
          value={props.value ? (props.chosenName ?? '') : ''}
          rightSection={<IconSelector size={16} />}
          rightSectionPointerEvents="none"
        />
      }
    >
      <Picker {...props} />
    </Suspense>
  );
}

/** A member's id as the address holds it (`?member=`), or '' for everyone. */
export function memberParam(value: string | null): string {
  return value && /^[1-9]\d{0,15}$/.test(value) ? value : '';
}

/** The address with another member chosen (none: everyone), back at the list's first page. */
export function withMember(current: URLSearchParams, member: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (member) next.set('member', member);
  else next.delete('member');
  next.delete('page');
  return next;
}
