import { z } from 'zod';
import { isoDateTime } from './api';

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
 * `POST /api/admin/messages` (SPEC §9 recipient types). `recipients` are user ids for `users`
 * and listing ids (uuids) for `businesses`; custom lists are parsed by {@link parseCustomEmails}.
 */
export const MessageSchema = z
  .object({
    recipient_type: z.enum(RECIPIENT_TYPES),
    recipients: z.array(z.string().min(1).max(100)).max(5000).default([]),
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
    if (value.recipient_type === 'custom' ? custom.length === 0 : value.recipients.length === 0) {
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

/** A message as recorded in sent_messages (SPEC §3) with its outcome per recipient. */
export const SentMessageSchema = z.object({
  id: z.uuid(),
  sent_by: z.string().nullable(),
  recipient_type: z.enum(RECIPIENT_TYPES),
  recipients: z.array(z.string()),
  recipient_emails: z.array(z.string()),
  subject: z.string(),
  message: z.string(),
  sent_at: isoDateTime,
  outcomes: z.array(MessageOutcomeSchema),
  sent_count: z.number().int().min(0),
  failed_count: z.number().int().min(0),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

/** `GET /api/admin/messages` → sent messages, newest first. */
export const SentMessageListResponseSchema = z.object({ sentMessages: z.array(SentMessageSchema) });

/** `POST /api/admin/messages` → 201 with the record and the counts for the SPEC §8 toast. */
export const SendMessageResponseSchema = z.object({
  sentMessage: SentMessageSchema,
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Selected businesses without an e-mail address. */
  skipped: z.number().int().min(0),
});
export type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/** The people and businesses the Compose tab offers (`GET /api/admin/messaging/recipients`). */
export const RecipientsResponseSchema = z.object({
  users: z.array(z.object({ id: z.string(), email: z.string(), shownName: z.string() })),
  businesses: z.array(
    z.object({
      id: z.uuid(),
      email: z.string().nullable(),
      business_name: z.string(),
      business_type: z.string(),
      status: z.string(),
      verification_status: z.string(),
    }),
  ),
});
export type Recipients = z.infer<typeof RecipientsResponseSchema>;
