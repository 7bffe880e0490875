export * from './accounts';
export * from './counter';
export * from './day-closes';
export * from './expenses';
export * from './report-totals';
export * from './requests';
export * from './sales';
export * from './stock';
