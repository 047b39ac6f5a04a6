import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';

/** Accounts as the admin lists them (SPEC §2 Users tab, §3 profiles and user_roles). */
export const AdminUserSchema = z.object({
  user_id: z.string(),
  /** For an account made with a phone only, Better Auth's placeholder (`phone_only`). */
  email: z.string(),
  /** Made with a phone number and no e-mail address (ADR 067). */
  phone_only: z.boolean(),
  /** Always false for a phone-only account. */
  email_verified: z.boolean(),
  /** E.164; the admin sees it whole, and only in the card (never in a URL or a search). */
  phone_number: z.string().nullable(),
  phone_number_verified: z.boolean(),
  /** Null only for an account whose profile row is missing. */
  profile_id: z.string().nullable(),
  display_name: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  created_at: isoDateTime.nullable(),
  updated_at: isoDateTime.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/**
 * `GET /api/admin/users?q&page&limit`: newest first, with the SPEC §2 search over display name,
 * e-mail, role and user ID.
 */
export const UserListQuerySchema = PageQuerySchema.extend({ q: AdminSearchSchema });
export type UserListQuery = z.output<typeof UserListQuerySchema>;

/** `GET /api/admin/users` → one page of accounts and the matches in all. */
export const AdminUserListResponseSchema = PageInfoSchema.extend({
  users: z.array(AdminUserSchema),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponseSchema>;

/** `GET /api/admin/users/export.csv?q`: the SPEC §9 users export, streamed. */
export const UserExportQuerySchema = z.object({ q: AdminSearchSchema });
