export * from './app-keys.ts';
export * from './carts.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './customers.ts';
export * from './draws.ts';
export * from './types.ts';
export * from './vouchers.ts';
