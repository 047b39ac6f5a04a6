import { z } from 'zod';
import { AdminSearchSchema, isoDateTime, PageInfoSchema, PageQuerySchema } from './api';

/** Admin messaging (SPEC §2 Messaging panel, §3 sent_messages, §5 Messaging, §8, §9). */

export const RECIPIENT_TYPES = ['users', 'businesses', 'custom'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** SPEC §5: a custom list is comma-separated, trimmed, lower-cased; empties and repeats dropped. */
export function parseCustomEmails(list: string): string[] {
  return [
    ...new Set(
      list
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * Recipient sets resolved on the server (ADR 014), so a send to every business never loads
 * 100,000 rows into the browser: `all_businesses_with_email` is every listing (any status) with
 * an e-mail address.
 */
export const RECIPIENT_SETS = ['all_businesses_with_email'] as const;

/**
 * `POST /api/admin/messages` (SPEC §9 recipient types). `recipients` are user ids for `users`
 * and listing ids (uuids) for `businesses`; or `recipient_set` names a set the server resolves
 * (with `recipient_type: businesses` and no ids); custom lists are parsed by
 * {@link parseCustomEmails}.
 */
export const MessageSchema = z
  .object({
    recipient_type: z.enum(RECIPIENT_TYPES),
    recipients: z.array(z.string().min(1).max(100)).max(5000).default([]),
    recipient_set: z.enum(RECIPIENT_SETS, 'Unknown recipient set').optional(),
    custom_emails: z.string().max(20_000).default(''),
    subject: z.string().trim().max(200).default(''),
    message: z.string().trim().max(20_000).default(''),
  })
  .superRefine((value, ctx) => {
    if (!value.subject || !value.message)
      ctx.addIssue({
        code: 'custom',
        message: 'Please fill in subject and message',
        path: ['subject'],
      });
    const custom = parseCustomEmails(value.custom_emails);
    if (value.recipient_set && value.recipient_type !== 'businesses') {
      ctx.addIssue({
        code: 'custom',
        message: 'This recipient set is for businesses',
        path: ['recipient_set'],
      });
    }
    if (
      value.recipient_type === 'custom'
        ? custom.length === 0
        : value.recipients.length === 0 && !value.recipient_set
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please select recipients or enter email addresses',
        path: ['recipients'],
      });
    }
    if (
      value.recipient_type === 'businesses' &&
      value.recipients.some((id) => !z.uuid().safeParse(id).success)
    ) {
      ctx.addIssue({ code: 'custom', message: 'Invalid recipient id', path: ['recipients'] });
    }
    const invalid = custom.filter((email) => !z.email().safeParse(email).success);
    if (value.recipient_type === 'custom' && invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Invalid email address: ${invalid.slice(0, 3).join(', ')}`,
        path: ['custom_emails'],
      });
    }
  });
export type MessageInput = z.input<typeof MessageSchema>;
export type Message = z.output<typeof MessageSchema>;

/** The outcome of one recipient of a message. */
export const MessageOutcomeSchema = z.object({
  email: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().optional(),
});
export type MessageOutcome = z.infer<typeof MessageOutcomeSchema>;

/** Most recipients (ids, e-mails, outcomes) a sent message lists in an API response. */
export const SHOWN_RECIPIENTS = 20;

/**
 * A message as recorded in sent_messages (SPEC §3). A send to every business has tens of
 * thousands of recipients, so responses carry the first {@link SHOWN_RECIPIENTS} ids, e-mails
 * and outcomes with the full `recipient_count` (ADR 014: every response is bounded).
 */
export const SentMessageSchema = z.object({
  id: z.uuid(),
  sent_by: z.string().nullable(),
  recipient_type: z.enum(RECIPIENT_TYPES),
  recipients: z.array(z.string()).max(SHOWN_RECIPIENTS),
  recipient_emails: z.array(z.string()).max(SHOWN_RECIPIENTS),
  recipient_count: z.number().int().min(0),
  subject: z.string(),
  message: z.string(),
  sent_at: isoDateTime,
  /** The outcome of the first recipients (a failure carries its error). */
  outcomes: z.array(MessageOutcomeSchema).max(SHOWN_RECIPIENTS),
  sent_count: z.number().int().min(0),
  failed_count: z.number().int().min(0),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** `GET /api/admin/messages?page&limit`: sent messages, newest first. */
export const SentMessageListQuerySchema = PageQuerySchema;

/** `GET /api/admin/messages` → one page of sent messages and how many there are. */
export const SentMessageListResponseSchema = PageInfoSchema.extend({
  sentMessages: z.array(SentMessageSchema),
});
export type SentMessageListResponse = z.infer<typeof SentMessageListResponseSchema>;

/** `POST /api/admin/messages` → 201 with the record and the counts for the SPEC §8 toast. */
export const SendMessageResponseSchema = z.object({
  sentMessage: SentMessageSchema,
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Selected businesses without an e-mail address. */
  skipped: z.number().int().min(0),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/**
 * `GET /api/admin/messaging/recipients?type&q&page&limit`: one page of the people (`users`,
 * newest first; name or e-mail contain `q`) or listings (`businesses`, by name; the company
 * search) the Compose tab offers, never the whole directory.
 */
export const RecipientsQuerySchema = PageQuerySchema.extend({
  type: z.enum(['users', 'businesses'], 'Unknown recipient type'),
  q: AdminSearchSchema,
});
export type RecipientsQuery = z.output<typeof RecipientsQuerySchema>;

export const UserRecipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  shownName: z.string(),
});
export const BusinessRecipientSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  business_name: z.string(),
  business_type: z.string(),
  status: z.string(),
  verification_status: z.string(),
});

/** → one page of `users` or `businesses` (the other list empty), and the matches in all. */
export const RecipientsResponseSchema = PageInfoSchema.extend({
  users: z.array(UserRecipientSchema),
  businesses: z.array(BusinessRecipientSchema),
  /** Listings with an e-mail address: the size of `all_businesses_with_email`. */
  businessesWithEmail: z.number().int().min(0),
});
export type Recipients = z.infer<typeof RecipientsResponseSchema>;
