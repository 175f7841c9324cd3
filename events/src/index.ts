export * from './http-event';
