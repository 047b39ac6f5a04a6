import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { apiGet, apiSend } from '../../browser/api-client';
import { formatShort } from '../../browser/dates';
import {
  parseCustomEmails,
  type Recipients,
  type RecipientType,
  type SendMessageResponse,
  type SentMessage,
} from '../../schemas/messages';
import { useResource } from './useResource';

/** Messaging (SPEC §2, §4 compose states, §5, §8): Compose Message and Sent Messages. */
export function MessagingPanel() {
  const sent = useResource<SentMessage>(
    '/api/admin/messages',
    'sentMessages',
    'Failed to load sent messages',
  );
  const [recipients, setRecipients] = useState<Recipients | null>(null);
  const [limited, setLimited] = useState(false);
  const [type, setType] = useState<RecipientType>('users');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [custom, setCustom] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    void apiGet<Recipients>('/api/admin/messaging/recipients').then((result) => {
      if (result.ok) setRecipients(result.data);
      else {
        toast.error('Failed to load users', { description: result.error.message });
        setLimited(true);
        setRecipients({ users: [], businesses: [] });
      }
    });
  }, []);

  const options =
    type === 'users'
      ? (recipients?.users ?? []).map((u) => ({
          id: u.id,
          label: u.shownName,
          email: u.email as string | null,
        }))
      : (recipients?.businesses ?? []).map((b) => ({
          id: b.id,
          label: `${b.business_name} (${b.status})`,
          email: b.email,
        }));
  const withoutEmail =
    type === 'businesses' ? options.filter((o) => selected.has(o.id) && !o.email).length : 0;
  const recipientCount =
    type === 'custom' ? parseCustomEmails(custom).length : selected.size - withoutEmail;

  async function send() {
    if (!subject.trim() || !message.trim())
      return toast.error('Please fill in subject and message');
    if (recipientCount === 0)
      return toast.error('Please select recipients or enter email addresses');
    setSending(true);
    const result = await apiSend<SendMessageResponse>('POST', '/api/admin/messages', {
      recipient_type: type,
      recipients: type === 'custom' ? [] : [...selected],
      custom_emails: type === 'custom' ? custom : '',
      subject,
      message,
    });
    setSending(false);
    if (!result.ok) return toast.error(`Failed to send messages: ${result.error.message}`);
    const { sent: ok, failed } = result.data;
    if (ok === 0) return toast.error(`Failed to send messages: all ${failed} failed`);
    if (failed > 0) toast.warning(`Message sent to ${ok} recipient(s), ${failed} failed`);
    else toast.success(`Message sent to ${ok} recipient(s)`);
    setSubject('');
    setMessage('');
    setSelected(new Set());
    setCustom('');
    await sent.reload();
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
            Sent Messages ({sent.data?.length ?? 0})
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
                setSelected(new Set());
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
                Select {type} ({selected.size} selected)
              </legend>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setSelected(new Set(options.map((o) => o.id)))}
                >
                  Select All
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setSelected(new Set())}
                >
                  Deselect All
                </button>
              </div>
              {!recipients ? (
                <p className="muted">Loading...</p>
              ) : (
                <div className="recipient-list">
                  {options.map((o) => (
                    <label key={o.id} className="checkbox" htmlFor={`recipient-${o.id}`}>
                      <input
                        id={`recipient-${o.id}`}
                        type="checkbox"
                        checked={selected.has(o.id)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(o.id);
                          else next.delete(o.id);
                          setSelected(next);
                        }}
                      />
                      <span>
                        {o.label} <span className="muted small">{o.email ?? 'no email'}</span>
                      </span>
                    </label>
                  ))}
                </div>
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
          {!sent.data ? (
            <p className="muted">Loading...</p>
          ) : sent.data.length === 0 ? (
            <div className="empty">
              <h3>No messages sent yet</h3>
            </div>
          ) : (
            <ul className="inbox-list">
              {sent.data.map((m) => (
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
          )}
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
