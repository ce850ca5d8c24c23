export { checkoutModule } from './checkout.routes.ts';
export type { CheckoutService } from './checkout.service.ts';
