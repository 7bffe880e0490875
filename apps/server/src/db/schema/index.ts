export * from './accounts';
export * from './sales';
export * from './stock';
