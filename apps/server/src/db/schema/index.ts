export * from './merchants';
export * from './reference';
