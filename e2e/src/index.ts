export * from './api';
export * from './browser';
export * from './flows';
export * from './stack-info';
export * from './tokens';
export * from './mail';
