import { Select, type SelectProps } from '@mantine/core';
import type { ComponentType } from 'react';

/** Mantine's Select as a module of its own, for `LazySelect` (lazy-select.tsx); its values are strings. */
const StringSelect: ComponentType<SelectProps<string>> = Select;
export default StringSelect;
