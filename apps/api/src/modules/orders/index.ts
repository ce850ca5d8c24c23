export { ordersModule } from './orders.routes.ts';
