import { z } from 'zod';
import { isoDateTime } from './api';

/** Accounts as the admin lists them (SPEC §2 Users tab, §3 profiles and user_roles). */
export const AdminUserSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  /** Null only for an account whose profile row is missing. */
  profile_id: z.string().nullable(),
  display_name: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  created_at: isoDateTime.nullable(),
  updated_at: isoDateTime.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `GET /api/admin/users` → every account, newest first. */
export const AdminUserListResponseSchema = z.object({ users: z.array(AdminUserSchema) });
