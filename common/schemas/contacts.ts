import { z } from 'zod';
import { isoDateTime, PageInfoSchema } from './api';
import { InboxStatsSchema } from './service-requests';

/**
 * Contact messages as the admin handles them (SPEC §2 Contacts tab, §3 contacts, §4: pending →
 * handled, recording the admin). The public contact form is `ContactFormSchema` in `forms.ts`.
 * Paging and search parameters: `InboxListQuerySchema` (service-requests.ts), the SPEC §5 search
 * here covering name, e-mail, subject, message, status and phone.
 */
export const ContactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['pending', 'handled']),
  created_at: isoDateTime,
  handled_at: isoDateTime.nullable(),
  handled_by: z.string().nullable(),
  email_status: z.enum(['sent', 'failed']).nullable(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** `GET /api/admin/contacts` → the page, the matches in all, and the panel's tiles. */
export const ContactListResponseSchema = PageInfoSchema.extend({
  contacts: z.array(ContactMessageSchema),
  stats: InboxStatsSchema,
});
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;
/** `POST /api/admin/contacts/:id/handle` → the handled message. */
export const ContactResponseSchema = z.object({ contact: ContactMessageSchema });
