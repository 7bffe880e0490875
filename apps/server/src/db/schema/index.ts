export * from './accounts';
export * from './expenses';
export * from './sales';
export * from './stock';
