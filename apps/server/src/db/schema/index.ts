export * from './jobs';
export * from './merchants';
export * from './reference';
export * from './security';
