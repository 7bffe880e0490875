/**
 * A count input's props (units in a batch or a cart, a reorder level) for Mantine's NumberInput: what was typed or
 * pasted stays as it was, for the contract's rules to refuse with their reason. Mantine's own guards changed it
 * silently: without decimals "2.5" became 25 (or 1.5 became 1 when pasted), without a separator "1,500" became 1,
 * without negatives "-3" became 3, and clamping turned a figure past the limit into the limit when the field was
 * left.
 */
export const countInputProps = { thousandSeparator: ',', clampBehavior: 'none' } as const;
