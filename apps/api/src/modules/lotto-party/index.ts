export { closeLottoPartySessions, lottoPartyRefundId } from './lotto-party-close.service.ts';
export { type LottoPartyMoney, lottoPartyMoney } from './lotto-party-money.repository.ts';
export { lottoPartyPrizeId, settleLottoPartySessions } from './lotto-party-settle.service.ts';
