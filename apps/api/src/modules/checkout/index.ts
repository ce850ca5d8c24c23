export { receiptMailSubscriber } from './checkout.mail.ts';
export {
  buyLine,
  buyLines,
  LineBoughtAlready,
  type LineToBuy,
  type PurchaseLine,
} from './checkout.orders.ts';
export { checkoutQueries } from './checkout.repository.ts';
export { amountField, checkoutModule } from './checkout.routes.ts';
export {
  type CheckoutService,
  createCheckoutService,
  FailedAfterWrite,
  KeyAnswered,
  PurchaseRaced,
} from './checkout.service.ts';
export {
  checkoutIdOfDeposit,
  createDepositPurchase,
  type DepositPurchaseInput,
} from './deposit-purchase.ts';
export { enterMovedTickets, type MovedTicket, movedTicketCheckoutId } from './moved-tickets.ts';
export {
  type CheckoutDeposit,
  type CheckoutPurpose,
  paymentsPort,
} from './payments-port.ts';
export {
  createPreOrderCharges,
  type PreOrderCharges,
  preOrderCheckoutId,
} from './pre-order-charge.service.ts';
export { preOrdersDueSubscriber } from './pre-order-due.subscriber.ts';
export { preOrderNoticeSubscriber } from './pre-order-notices.ts';
