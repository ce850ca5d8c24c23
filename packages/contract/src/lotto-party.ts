/**
 * Lotto party (namespace /social/v3, version 3.0; docs/api/lotto-party.md): groups, their members and
 * invite links, sessions (a group's shared entry in one lottery draw, sold as shares), discovery of
 * promoted and public groups' open sessions, and the configuration the creation modal reads.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';

export const GroupPublicityStatusSchema = z.enum(['private', 'promoted', 'public']);
export type GroupPublicityStatus = z.infer<typeof GroupPublicityStatusSchema>;

export const SessionStatusSchema = z.enum(['open', 'closed', 'paid', 'cancelled']);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const AutosessionStatusSchema = z.enum(['on', 'paused', 'off']);
export type AutosessionStatus = z.infer<typeof AutosessionStatusSchema>;

export const CreationStepSchema = z.enum([
  'name_group',
  'select_draw',
  'set_share_price',
  'select_auto_session',
  'join_session',
]);
export type CreationStep = z.infer<typeof CreationStepSchema>;

/** A member as other members see them: a first name and initial, never an email. */
export const GroupMemberSchema = z.object({
  displayName: z.string(),
  isOwner: z.boolean(),
  isMe: z.boolean(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** The draw a session enters. */
export const SessionDrawSchema = z.object({
  drawId: z.string(),
  drawNo: z.number(),
  productOfferKey: z.string(),
  offerName: z.string(),
  stopDate: IsoDateSchema,
  drawDate: IsoDateSchema,
});
export type SessionDraw = z.infer<typeof SessionDrawSchema>;

/** A member's holding in a session (what others see of it). */
export const SessionHoldingSchema = z.object({
  displayName: z.string(),
  shares: z.number(),
  isMe: z.boolean(),
});

/**
 * A session. `games` is the entry bought at the close (null while open); `prize` the entry's whole
 * prize once scored; `myPrize` and `myRefund` what the signed-in member's shares were credited.
 */
export const SessionSchema = z.object({
  sessionId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  draw: SessionDrawSchema,
  status: SessionStatusSchema,
  autosessionStatus: AutosessionStatusSchema,
  sharePrice: MoneySchema,
  totalShares: z.number(),
  sharesSold: z.number(),
  sharesLeft: z.number(),
  pot: MoneySchema,
  myShares: z.number(),
  /** The caller is a member of the session's group (a public group's session is read by others too). */
  isMember: z.boolean(),
  /** The caller owns the session's group: only the owner changes its autosession. */
  isOwner: z.boolean(),
  holdings: z.array(SessionHoldingSchema),
  games: z.array(z.record(z.string(), z.array(z.number()))).nullable(),
  prize: MoneySchema.nullable(),
  myPrize: MoneySchema.nullable(),
  myRefund: MoneySchema.nullable(),
  createdAt: IsoDateSchema,
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);

export const GroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  publicityStatus: GroupPublicityStatusSchema,
  isOwner: z.boolean(),
  members: z.array(GroupMemberSchema),
  openSession: SessionSchema.nullable(),
  createdAt: IsoDateSchema,
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = z.array(GroupSchema);

/** A member left a group: the groups they are still in follow from `GET /group`. */
export const LeftGroupSchema = z.object({ groupId: z.string(), left: z.literal(true) });
export type LeftGroup = z.infer<typeof LeftGroupSchema>;

/** What an invite link shows before joining: enough to decide, nothing private. */
export const GroupInviteSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  ownerName: z.string(),
  memberCount: z.number(),
  isMember: z.boolean(),
  openSession: SessionSchema.nullable(),
  expiresAt: IsoDateSchema,
});
export type GroupInvite = z.infer<typeof GroupInviteSchema>;

/** A new invite link (the token is shown once; only its hash is kept). */
export const InviteLinkSchema = z.object({ token: z.string(), url: z.string(), expiresAt: IsoDateSchema });
export type InviteLink = z.infer<typeof InviteLinkSchema>;

export const CreateGroupBodySchema = z.object({ groupName: z.string().max(10_000) });
export type CreateGroupBody = z.infer<typeof CreateGroupBodySchema>;

export const CreateSessionBodySchema = z.object({
  groupId: z.string(),
  inviteAllExistingMembers: z.boolean().default(false),
  drawId: z.string(),
  sharePrice: MoneySchema,
  totalShares: z.number(),
  autosessionStatus: AutosessionStatusSchema.default('off'),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBodySchema>;

/** The owner's change of who sees the group's sessions (private, promoted, public). */
export const EditGroupBodySchema = z.object({ publicityStatus: GroupPublicityStatusSchema });
export type EditGroupBody = z.infer<typeof EditGroupBodySchema>;

export const EditSessionBodySchema = z.object({ autosessionStatus: AutosessionStatusSchema });
export type EditSessionBody = z.infer<typeof EditSessionBodySchema>;

/** A draw a session may be opened on: a lottery's draw on sale, with what one game costs. */
export const SessionDrawOptionSchema = SessionDrawSchema.extend({ gamePrice: MoneySchema });

export const LottoPartyConfigSchema = z.object({
  groupsPageSize: z.number(),
  creationSteps: z.array(CreationStepSchema),
  minSharePrice: MoneySchema,
  maxSharePrice: MoneySchema,
  minShares: z.number(),
  maxShares: z.number(),
  groupNameMaxLength: z.number(),
  draws: z.array(SessionDrawOptionSchema),
});
export type LottoPartyConfig = z.infer<typeof LottoPartyConfigSchema>;

/**
 * `GET /v2/orders/social_syndicate_session/{id}`: one of the signed-in member's orders of shares in a
 * session, with what those shares were refunded at the close and credited of the prize (null until
 * then). `details` (with `show_details=true`) adds the session's draw and entry.
 */
export const SessionOrderSchema = z.object({
  id: z.string(),
  checkoutId: z.string(),
  createdAt: IsoDateSchema,
  sessionId: z.string(),
  description: z.string(),
  numShares: z.number(),
  total: MoneySchema,
  sessionStatus: SessionStatusSchema,
  refund: MoneySchema.nullable(),
  prize: MoneySchema.nullable(),
  details: z
    .object({
      groupName: z.string(),
      offerName: z.string(),
      drawNo: z.number(),
      drawDate: IsoDateSchema,
      sharePrice: MoneySchema,
      totalShares: z.number(),
      sharesSold: z.number(),
      games: z.array(z.record(z.string(), z.array(z.number()))).nullable(),
      sessionPrize: MoneySchema.nullable(),
    })
    .nullable(),
});
export type SessionOrder = z.infer<typeof SessionOrderSchema>;
export const SessionOrderListSchema = z.array(SessionOrderSchema);
