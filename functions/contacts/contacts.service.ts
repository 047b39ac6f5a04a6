import type { Kysely } from 'kysely';
import type { ContactFormSchema, SubmissionResult } from '../../common/schemas/forms.ts';
import type { InboxListQuery, InboxStats } from '../../common/schemas/service-requests.ts';
import type { z } from 'zod';
import { pageWindow } from '../_lib/paging.ts';
import { AppError } from '../_lib/errors.ts';
import { guardPublicForm } from '../_lib/forms.ts';
import { adminNotifyAddress, type Mailer } from '../_lib/mail.ts';
import type { Database } from '../db/database.ts';
import { contactNotification } from '../emails/notifications.ts';
import * as repository from './contacts.repository.ts';
import type { ContactRow } from './contacts.repository.ts';

/** Contact messages (SPEC §2 Contact page and Contacts tab, §4 pending → handled, §8). */
type Db = Kysely<Database>;
type ContactData = z.output<typeof ContactFormSchema>;

/** Contact form submissions per hour per client address. */
const SUBMISSIONS_PER_HOUR = 10;

/**
 * A message from the contact form: rate limit and honeypot, stored as pending first (SPEC §4),
 * then the notification is sent by the server (no e-mail keys in the browser); its failure is
 * only recorded. A honeypot hit answers like a success and saves nothing.
 * @throws AppError RATE_LIMITED past 10 an hour per address.
 */
export async function submitContact(
  db: Db,
  mailer: Mailer,
  input: ContactData,
  clientAddress: string,
): Promise<SubmissionResult> {
  if (await guardPublicForm(db, clientAddress, 'contact', input.hp, SUBMISSIONS_PER_HOUR))
    return { id: crypto.randomUUID(), emailStatus: 'sent' };
  const id = await repository.insert(db, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    subject: input.subject,
    message: input.message,
  });
  const result = await mailer.send(
    contactNotification(adminNotifyAddress(), {
      from_name: input.name,
      from_email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
    }),
  );
  const emailStatus = result.ok ? 'sent' : 'failed';
  await repository.setEmailStatus(db, id, emailStatus);
  return { id, emailStatus };
}

/**
 * One page of the Contacts tab (SPEC §2): pending newest first or handled most recently handled
 * first, with the SPEC §5 search, the matches in all and the panel's tiles (all messages).
 */
export async function listContacts(
  db: Db,
  query: InboxListQuery,
): Promise<{ contacts: ContactRow[]; total: number; stats: InboxStats }> {
  const filter = { status: query.status, q: query.q };
  const [contacts, total, byStatus] = await Promise.all([
    repository.listPage(db, filter, pageWindow(query)),
    repository.count(db, filter),
    repository.countByStatus(db),
  ]);
  return { contacts, total, stats: { total: byStatus.pending + byStatus.handled, ...byStatus } };
}

/** Messages matching the SPEC §5 search `q` (the Contacts tab count). */
export function countContacts(db: Db, q: string | undefined): Promise<number> {
  return repository.count(db, { q });
}

/**
 * Mark as Handled (SPEC §4), recording the admin in handled_by.
 * @throws AppError CONFLICT "Already handled", NOT_FOUND.
 */
export async function handleContact(
  db: Db,
  id: string,
  adminId: string | null,
): Promise<ContactRow> {
  const row = await repository.markHandled(db, id, adminId);
  if (row) return row;
  throw (await repository.exists(db, id))
    ? new AppError('CONFLICT', 'Already handled')
    : new AppError('NOT_FOUND', 'Not found');
}

/** @throws AppError NOT_FOUND. */
export async function deleteContact(db: Db, id: string): Promise<void> {
  if ((await repository.remove(db, id)) === 0) throw new AppError('NOT_FOUND', 'Contact not found');
}

/** Clear All Contacts. @returns how many messages were deleted. */
export function clearContacts(db: Db): Promise<number> {
  return repository.removeAll(db);
}
