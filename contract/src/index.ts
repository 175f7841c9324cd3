export * from './route-def';
export * from './routes/index';
export * from './table';
export * from './errors';
export * from './money';
export * from './openapi';
export * from './jobs';
