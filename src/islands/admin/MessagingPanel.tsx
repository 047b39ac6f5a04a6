import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiPost } from '../../browser/api-client';
import { useIdempotencyKey } from '../ui/useIdempotencyKey';
import { formatShort } from '../../browser/dates';
import {
  parseCustomEmails,
  type RecipientType,
  type SendMessageResponse,
} from '../../../common/schemas/messages';
import { EmptyState } from '../ui/EmptyState';
import { ListPager } from './ListPager';
import { useRecipients, useSentMessages } from './data';
import { SmsSection } from './SmsSection';

/** A recipient as the picker shows it; the e-mail is null for a listing without one. */
interface Option {
  id: string;
  label: string;
  email: string | null;
}

/**
 * Messaging (SPEC §2, §4 compose states, §5, §8): Compose Message and Sent Messages, and the
 * site's text messages with their daily ceiling (issue 37.6, ADR 074). Recipients
 * are picked a page at a time with a search, and "all businesses with an e-mail" is a set the
 * server resolves, so the directory never loads into the browser (ADR 014).
 */
export function MessagingPanel() {
  const sent = useSentMessages();
  const [type, setType] = useState<RecipientType>('users');
  const [allBusinesses, setAllBusinesses] = useState(false);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Map<string, Option>>(new Map());
  const [custom, setCustom] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  // One key per composed message: a double click on Send mails everyone once (issue 23.4).
  const [sendKey, renewSendKey] = useIdempotencyKey();
  const recipients = useRecipients(type === 'businesses' ? 'businesses' : 'users', q);
  const limited = type === 'users' && recipients.rows !== null && !recipients.response;

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const options: Option[] = (recipients.rows ?? []).map((r) =>
    'shownName' in r
      ? { id: r.id, label: r.shownName, email: r.email }
      : { id: r.id, label: `${r.business_name} (${r.status})`, email: r.email },
  );
  const withEmail = recipients.response?.businessesWithEmail ?? 0;
  const withoutEmail =
    type === 'businesses' && !allBusinesses
      ? [...selected.values()].filter((o) => !o.email).length
      : 0;
  const recipientCount =
    type === 'custom'
      ? parseCustomEmails(custom).length
      : type === 'businesses' && allBusinesses
        ? withEmail
        : selected.size - withoutEmail;

  function choose(option: Option, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(option.id, option);
      else next.delete(option.id);
      return next;
    });
  }

  async function send() {
    if (!subject.trim() || !message.trim())
      return toast.error('Please fill in subject and message');
    if (recipientCount === 0)
      return toast.error('Please select recipients or enter email addresses');
    setSending(true);
    const result = await apiPost<SendMessageResponse>(
      '/api/admin/messages',
      {
        recipient_type: type,
        recipients: type === 'custom' || allBusinesses ? [] : [...selected.keys()],
        ...(type === 'businesses' && allBusinesses
          ? { recipient_set: 'all_businesses_with_email' }
          : {}),
        custom_emails: type === 'custom' ? custom : '',
        subject,
        message,
      },
      { idempotencyKey: sendKey },
    );
    setSending(false);
    if (!result.ok) return toast.error(`Failed to send messages: ${result.error.message}`);
    const { sent: ok, failed } = result.data;
    if (ok === 0) return toast.error(`Failed to send messages: all ${failed} failed`);
    if (failed > 0) toast.warning(`Message sent to ${ok} recipient(s), ${failed} failed`);
    else toast.success(`Message sent to ${ok} recipient(s)`);
    setSubject('');
    setMessage('');
    setSelected(new Map());
    setAllBusinesses(false);
    setCustom('');
    renewSendKey();
    sent.reload();
    return undefined;
  }

  return (
    <section>
      <h2>Messaging</h2>
      <Tabs.Root defaultValue="compose">
        <Tabs.List className="tabs" aria-label="Messaging">
          <Tabs.Trigger className="tab" value="compose">
            Compose Message
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="sent">
            Sent Messages ({sent.response?.total ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="sms">
            Text Messages (SMS)
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="compose" className="auth-form">
          {limited && (
            <p className="notice" role="status">
              <strong>Limited Access:</strong> the user list could not be loaded, so user e-mails
              are not available. You can still write to businesses or a custom list.
            </p>
          )}
          <label className="field" htmlFor="recipient-type">
            <span>Recipients</span>
            <select
              id="recipient-type"
              value={type}
              onChange={(e) => {
                setType(e.target.value as RecipientType);
                setSelected(new Map());
                setAllBusinesses(false);
                setSearch('');
              }}
            >
              <option value="users">Users</option>
              <option value="businesses">Businesses</option>
              <option value="custom">Custom list</option>
            </select>
          </label>
          {type === 'custom' ? (
            <label className="field" htmlFor="custom-emails">
              <span>Email addresses (comma-separated)</span>
              <textarea
                id="custom-emails"
                value={custom}
                onChange={(e) => setCustom(e.target.value)}
                placeholder="owner@example.com, manager@example.com"
              />
            </label>
          ) : (
            <fieldset className="field">
              <legend>
                Select {type} (
                {type === 'businesses' && allBusinesses
                  ? `all ${withEmail} with an email`
                  : `${selected.size} selected`}
                )
              </legend>
              {type === 'businesses' && (
                <label className="checkbox" htmlFor="all-businesses">
                  <input
                    id="all-businesses"
                    type="checkbox"
                    checked={allBusinesses}
                    onChange={(e) => setAllBusinesses(e.target.checked)}
                  />
                  <span>All businesses with an email ({withEmail})</span>
                </label>
              )}
              {!(type === 'businesses' && allBusinesses) && (
                <>
                  <input
                    type="search"
                    className="recipient-search"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder={`Search ${type}...`}
                    aria-label={`Search ${type}`}
                  />
                  <div className="admin-actions">
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => options.forEach((o) => choose(o, true))}
                    >
                      Select page
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => setSelected(new Map())}
                    >
                      Deselect All
                    </button>
                  </div>
                  {!recipients.rows ? (
                    <p className="muted">Loading...</p>
                  ) : (
                    <div className="recipient-list">
                      {options.map((o) => (
                        <label key={o.id} className="checkbox" htmlFor={`recipient-${o.id}`}>
                          <input
                            id={`recipient-${o.id}`}
                            type="checkbox"
                            checked={selected.has(o.id)}
                            onChange={(e) => choose(o, e.target.checked)}
                          />
                          <span>
                            {o.label} <span className="muted small">{o.email ?? 'no email'}</span>
                          </span>
                        </label>
                      ))}
                    </div>
                  )}
                  <ListPager list={recipients} limit={50} label={`${type} pages`} />
                </>
              )}
            </fieldset>
          )}
          {withoutEmail > 0 && (
            <p className="notice" role="status">
              {withoutEmail} selected business{withoutEmail === 1 ? ' has' : 'es have'} no email
              address and will be skipped.
            </p>
          )}
          <label className="field" htmlFor="message-subject">
            <span>Subject</span>
            <input
              id="message-subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              maxLength={200}
            />
          </label>
          <label className="field" htmlFor="message-body">
            <span>Message</span>
            <textarea
              id="message-body"
              rows={8}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </label>
          {sending && (
            <div role="status" className="progress-wrap">
              <p className="small">Sending to {recipientCount} recipient(s)...</p>
              <progress aria-label="Sending messages" />
            </div>
          )}
          <button type="button" className="btn" onClick={() => void send()} disabled={sending}>
            {sending ? 'Sending...' : 'Send Message'}
          </button>
        </Tabs.Content>
        <Tabs.Content value="sent">
          {!sent.rows ? (
            <p className="muted">Loading...</p>
          ) : sent.rows.length === 0 ? (
            <EmptyState title="No messages sent yet" />
          ) : (
            <>
              <ul className="inbox-list">
                {sent.rows.map((m) => (
                  <li key={m.id} className="card">
                    <strong>{m.subject}</strong>
                    <p className="small muted">
                      {formatShort(m.sent_at)} · {m.recipient_type} · {m.sent_count} sent
                      {m.failed_count ? `, ${m.failed_count} failed` : ''}
                    </p>
                    <p className="small">{m.message}</p>
                  </li>
                ))}
              </ul>
              <ListPager list={sent} limit={20} label="Sent message pages" />
            </>
          )}
        </Tabs.Content>
        <Tabs.Content value="sms">
          <SmsSection />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
