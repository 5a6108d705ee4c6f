export * from './applications';
export * from './assets';
export * from './chains';
export * from './jobs';
export * from './merchants';
export * from './orders';
export * from './reference';
export * from './security';
