import type { UserRoleFilter } from '@oja/contract';
import { useState } from 'react';
import { SearchPicker, usePickerSearch, withChosen } from '../../ui/search-picker';
import { useBusinessUsers } from '../team/api';

export type MemberFilterProps = {
  businessId: number;
  /** Whose names are offered: the CEOs and employees (`staff`), or the employees. */
  among: Extract<UserRoleFilter, 'staff' | 'employees'>;
  label: string;
  /** '' for everyone, else a member's id. */
  value: string;
  /** The chosen member's name when the screen knows it (from their entries), for a choice read from the address. */
  chosenName?: string;
  onChange(value: string): void;
};

/**
 * A filter by member (the activity log's Who, the closes' Whose): the team list searched on the server, so that a
 * business with more members than one page of it finds each one.
 */
export function MemberFilter({ businessId, among, label, value, chosenName, onChange }: MemberFilterProps) {
  // The name of the member picked here: the search's page may no longer hold them once the words change.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const name = picked?.value === value ? picked.label : (chosenName ?? '');
  const { search, setSearch, debounced } = usePickerSearch(value ? name : null);
  const members = useBusinessUsers(businessId, { role: among, status: 'all', search: debounced, page: 1 });
  const options = (members.data?.results.data.results ?? []).map((member) => ({
    value: String(member.id),
    label: `${member.first_name} ${member.last_name}`.trim(),
  }));
  return (
    <SearchPicker
      label={label}
      size="md"
      placeholder="Everyone"
      clearable
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      data={withChosen(options, value ? { value, label: name || `Member #${value}` } : null)}
      isSearching={members.isFetching}
      nothingFound="No member matches."
      onChange={(next, option) => {
        setPicked(next && option ? { value: next, label: option.label } : null);
        onChange(next ?? '');
      }}
    />
  );
}
