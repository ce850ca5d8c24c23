/**
 * The back office's own calls under /admin (docs/api/back-office.md): an operator's session (email,
 * password and authenticator code), operators and their invitations, and the audit log. Every other
 * /admin call names the role it needs; a browser session sends `X-Drawhouse-Admin: 1` with every
 * change (a page elsewhere cannot).
 */
import { z } from 'zod';
import { IsoDateSchema } from './money.ts';

export const OPERATOR_ROLES = ['results', 'finance', 'support', 'content', 'admin'] as const;
export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRoleSchema>;

/** The header every change made from a back office session carries. */
export const ADMIN_REQUEST_HEADER = 'x-drawhouse-admin';

export const OperatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(OperatorRoleSchema),
  disabled: z.boolean(),
  locked: z.boolean(),
  lastSignInAt: IsoDateSchema.nullable(),
});
export type OperatorView = z.infer<typeof OperatorSchema>;

export const OperatorSessionSchema = z.object({
  operator: OperatorSchema,
  /** When the session ends however busy it is; an idle one ends sooner (`idleMinutes`). */
  expiresAt: IsoDateSchema,
  idleMinutes: z.number(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

export const OperatorSignInBodySchema = z.object({
  email: z.string().max(254),
  password: z.string().max(200),
  code: z.string().max(10),
});
export type OperatorSignInBody = z.infer<typeof OperatorSignInBodySchema>;

/** An invitation not yet accepted: the operators' list shows these, and inviting answers one. */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(OperatorRoleSchema),
  expiresAt: IsoDateSchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const OperatorListSchema = z.object({
  operators: z.array(OperatorSchema),
  invitations: z.array(PendingInvitationSchema),
});
export type OperatorList = z.infer<typeof OperatorListSchema>;

export const InviteOperatorBodySchema = z.object({
  email: z.string().max(254),
  roles: z.array(OperatorRoleSchema).min(1).max(OPERATOR_ROLES.length),
});
export type InviteOperatorBody = z.infer<typeof InviteOperatorBodySchema>;

/** The answer to ending an operator's sessions: how many were ended. */
export const RevokedSessionsSchema = z.object({ revoked: z.number() });

/** What the invited person sees: who they will be, and the authenticator secret to add. */
export const InvitationSchema = z.object({
  email: z.string(),
  roles: z.array(OperatorRoleSchema),
  expiresAt: IsoDateSchema,
  totpSecret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const AcceptInvitationBodySchema = z.object({
  name: z.string().max(40),
  password: z.string().max(200),
  code: z.string().max(10),
});
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBodySchema>;

export const UpdateOperatorBodySchema = z.object({
  roles: z.array(OperatorRoleSchema).max(OPERATOR_ROLES.length).optional(),
  disabled: z.boolean().optional(),
});
export type UpdateOperatorBody = z.infer<typeof UpdateOperatorBodySchema>;

export const AUDIT_VIAS = ['back_office', 'token', 'cli'] as const;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: IsoDateSchema,
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  via: z.enum(AUDIT_VIAS),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  operator: z.string().max(40).optional(),
  action: z.string().max(80).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
