import { describe, expect, it } from 'vitest';
import {
  createMailer,
  MAX_BATCH,
  renderPersonalized,
  type MailMessage,
  type MailTemplate,
  type MailTransport,
  type Personalized,
} from './mail.ts';

/** A database stand-in that accepts the mail_outbox inserts the mailer logs. */
const db = {
  insertInto: () => ({ values: () => ({ execute: async () => [] }) }),
} as unknown as Parameters<typeof createMailer>[0];

const template: MailTemplate = {
  subject: 'Welcome {{name}}',
  text: 'Hello {{name}}, see {{url}}\n',
  html: '<p>Hello {{html:name}}, see {{html:url}}</p>',
  template: 'welcome',
};
const recipient = (i: number): Personalized => ({
  to: `r${i}@x.io`,
  subject: `Welcome R${i}`,
  values: { name: `R<${i}>`, url: `https://x.io/${i}?a=1&b=2` },
});

describe('personalized mail (ADR 014)', () => {
  it('renders text with the values and HTML with them escaped', () => {
    expect(renderPersonalized(template, recipient(1))).toEqual({
      to: ['r1@x.io'],
      subject: 'Welcome R1',
      text: 'Hello R<1>, see https://x.io/1?a=1&b=2\n',
      html: '<p>Hello R&lt;1&gt;, see https://x.io/1?a=1&amp;b=2</p>',
      template: 'welcome',
    });
  });

  it(`sends in batches of ${MAX_BATCH} through the transport, one outcome per recipient`, async () => {
    const batches: number[] = [];
    const transport: MailTransport = {
      name: 'fake',
      send: async () => undefined,
      sendPersonalized: async (_t, recipients) => {
        batches.push(recipients.length);
        if (batches.length === 2) throw new Error('second batch down');
      },
    };
    const recipients = Array.from({ length: MAX_BATCH + 5 }, (_, i) => recipient(i));
    const outcomes = await createMailer(db, transport).sendPersonalized(template, recipients);
    expect(batches).toEqual([MAX_BATCH, 5]);
    expect(outcomes).toHaveLength(MAX_BATCH + 5);
    expect(outcomes.filter((o) => o.status === 'sent')).toHaveLength(MAX_BATCH);
    expect(outcomes.at(-1)).toEqual({
      email: `r${MAX_BATCH + 4}@x.io`,
      status: 'failed',
      error: 'second batch down',
    });
  });

  it('renders and sends one by one through a transport without batches', async () => {
    const sent: MailMessage[] = [];
    const transport: MailTransport = { name: 'plain', send: async (m) => void sent.push(m) };
    await createMailer(db, transport).sendPersonalized(template, [recipient(1), recipient(2)]);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [['r1@x.io'], 'Welcome R1'],
      [['r2@x.io'], 'Welcome R2'],
    ]);
    expect(sent[1]!.html).toContain('R&lt;2&gt;');
  });
});
