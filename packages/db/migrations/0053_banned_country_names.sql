-- A banned country is named from the country list the shop's messages use, not from a copy here.
ALTER TABLE "banned_countries" DROP COLUMN "name";