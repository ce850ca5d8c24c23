-- Raffle and syndicate offers were given /raffles/{key} and /syndicates/{key}, addresses the shop
-- never served: every offer's page is /{key}. Offers whose url an operator chose otherwise stay.
UPDATE "product_offers" SET "url" = '/' || "key"
WHERE "url" IN ('/raffles/' || "key", '/syndicates/' || "key");
