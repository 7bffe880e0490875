import './zod-config';

export * from './accounts';
export * from './businesses';
export * from './constants';
export * from './endpoint';
export * from './endpoints';
export * from './enums';
export * from './envelope';
export * from './expenses';
export * from './ids';
export * from './messages';
export * from './money';
export * from './pagination';
export * from './permissions';
export * from './sales';
export * from './share';
export * from './stock';
export * from './team';
