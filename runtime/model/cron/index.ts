/** The Quartz schedule-expression model (isomorphic): fields, parse, format, next fire times. */
export * from './fields';
export * from './state';
export * from './parse';
export * from './format';
export * from './messages';
export * from './next';
export * from './date-text';
