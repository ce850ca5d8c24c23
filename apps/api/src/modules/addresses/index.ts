/** Address lookup: suggestions and a suggestion's parts for the address forms. */
export { addressesModule } from './addresses.routes.ts';
