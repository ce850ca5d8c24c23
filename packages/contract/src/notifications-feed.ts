/**
 * The signed-in customer's notifications feed (docs/api/results.md): `GET /v2/notifications`
 * (newest first, paged, with the unviewed count), `POST /v2/notifications/viewed` (everything up to
 * now is viewed) and `POST /v2/notifications/{id}/dismiss` (gone from the feed).
 */
import { z } from 'zod';
import { IsoDateSchema } from './money.ts';

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** A button of a notification: `link` a site path, `deepLink` the native app's. */
export const NotificationActionSchema = z.object({
  id: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  deepLink: z.string().nullable(),
});
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

/** The spec's Notification entity, with when it was made and whether the customer has seen it. */
export const FeedNotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  icon: z.string(),
  message: z.string(),
  isAutoDismissed: z.boolean(),
  actions: z.array(NotificationActionSchema),
  createdAt: IsoDateSchema,
  viewed: z.boolean(),
});
export type FeedNotification = z.infer<typeof FeedNotificationSchema>;

/** A page of the feed (`page_info` in the envelope counts notifications not dismissed). */
export const NotificationFeedSchema = z.object({
  notifications: z.array(FeedNotificationSchema),
  unviewedCount: z.number().int(),
});
export type NotificationFeed = z.infer<typeof NotificationFeedSchema>;

/** `POST /v2/notifications/viewed`: how many were marked now, and what is left unviewed (0). */
export const NotificationsViewedSchema = z.object({
  marked: z.number().int(),
  unviewedCount: z.number().int(),
});
export type NotificationsViewed = z.infer<typeof NotificationsViewedSchema>;

/** `POST /v2/notifications/{id}/dismiss`: the unviewed count after it. */
export const NotificationDismissedSchema = z.object({ unviewedCount: z.number().int() });
export type NotificationDismissed = z.infer<typeof NotificationDismissedSchema>;
