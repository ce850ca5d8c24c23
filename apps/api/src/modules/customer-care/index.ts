/** Customers as support sees and helps them in the back office. */
export { customerCareModule } from './customer-care.routes.ts';
