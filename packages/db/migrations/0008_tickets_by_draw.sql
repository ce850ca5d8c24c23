DROP INDEX "tickets_draw_idx";--> statement-breakpoint
CREATE INDEX "tickets_draw_idx" ON "tickets" USING btree ("draw_id","id");