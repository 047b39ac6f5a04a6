import { z } from 'zod';
import { isoDateTime, PageInfoSchema, PageQuerySchema } from './api';

/**
 * The admin's SMS view in the Messaging tab (issue 37.6, ADR 074): the log of text messages with
 * the numbers partly masked as stored, today's count against the site-wide daily ceiling (ADR
 * 068), and the form that changes the ceiling. One schema for the panel and the API.
 */

/**
 * The highest ceiling the form takes: a guard against a typo (an extra zero or two), well below
 * the column's integer limit. A million messages is far beyond a day's sign-ins.
 */
export const MAX_SMS_CEILING = 1_000_000;

export const SMS_CEILING_MESSAGE = 'Enter a whole number of messages from 0 to 1,000,000';

/** A whole number typed in the form ("500", " 1200 ") read as a number; anything else is left for the check to refuse. */
const typedNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/**
 * `PUT /api/admin/sms/ceiling { daily_ceiling }`: messages the whole site may send per Lagos day,
 * a whole number from 0 (no codes by SMS today) to {@link MAX_SMS_CEILING}. The panel sends what
 * the admin typed; a number or its digits are accepted, nothing else (no `""` read as 0).
 */
export const SmsCeilingFormSchema = z.object({
  daily_ceiling: z.preprocess(
    typedNumber,
    z
      .number(SMS_CEILING_MESSAGE)
      .refine((n) => Number.isInteger(n) && n >= 0 && n <= MAX_SMS_CEILING, SMS_CEILING_MESSAGE),
  ),
});
export type SmsCeilingForm = z.output<typeof SmsCeilingFormSchema>;

/** Today's messages against the ceiling, and who set the ceiling last. */
export const SmsTodaySchema = z.object({
  /** Messages the provider accepted since midnight in Lagos (failed ones cost nothing). */
  sent: z.number().int().min(0),
  daily_ceiling: z.number().int().min(0),
  /** When the ceiling was last set; the admin's display name, null before any admin set it. */
  updated_at: isoDateTime,
  updated_by_name: z.string().nullable(),
});
export type SmsToday = z.output<typeof SmsTodaySchema>;

/** One text message as the log shows it: never the whole number, never the code. */
export const AdminSmsSchema = z.object({
  id: z.string(),
  /** `+234 803 *** **67`, as stored. */
  to_masked: z.string(),
  template: z.string(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  created_at: isoDateTime,
});
export type AdminSms = z.output<typeof AdminSmsSchema>;

/** `GET /api/admin/sms?page&limit`: the log, newest first. */
export const SmsLogQuerySchema = PageQuerySchema;

/** `GET /api/admin/sms` → one page of the log, its total and today's count. */
export const AdminSmsLogResponseSchema = PageInfoSchema.extend({
  messages: z.array(AdminSmsSchema),
  today: SmsTodaySchema,
});
export type AdminSmsLogResponse = z.output<typeof AdminSmsLogResponseSchema>;

/** `PUT /api/admin/sms/ceiling` → today's count against the new ceiling. */
export const SmsCeilingResponseSchema = z.object({ today: SmsTodaySchema });
export type SmsCeilingResponse = z.output<typeof SmsCeilingResponseSchema>;
