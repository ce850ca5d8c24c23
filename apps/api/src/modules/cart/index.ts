export { cartModule } from './cart.routes.ts';
export type { CartService } from './cart.service.ts';
