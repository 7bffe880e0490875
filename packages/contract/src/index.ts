import './zod-config';

export * from './accounts';
export * from './businesses';
export * from './constants';
export * from './endpoint';
export * from './endpoints';
export * from './enums';
export * from './envelope';
export * from './ids';
export * from './messages';
export * from './money';
export * from './pagination';
export * from './permissions';
export * from './sales';
export * from './stock';
export * from './team';
