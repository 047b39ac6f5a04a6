import type { SmsMessage, SmsTransport } from '../../functions/_lib/sms.ts';

/**
 * An in-memory SMS transport for integration tests (issue 37): every message the API sends lands
 * in `messages`; with `failing` set, the transport throws as a provider outage would. (The real
 * Termii client is tested against tests/fakes/termii.ts.)
 */
export interface SmsInbox {
  messages: SmsMessage[];
  failing: boolean;
  transport: SmsTransport;
  reset(): void;
}

export function smsInbox(): SmsInbox {
  const inbox: SmsInbox = {
    messages: [] as SmsMessage[],
    failing: false,
    transport: {
      name: 'test',
      async send(message: SmsMessage) {
        if (inbox.failing) throw new Error('Termii answered HTTP 503');
        inbox.messages.push(message);
        return { providerId: String(inbox.messages.length) };
      },
    },
    /** Empties the inbox and ends an outage (for `beforeEach`). */
    reset() {
      inbox.messages.length = 0;
      inbox.failing = false;
    },
  };
  return inbox;
}

/** The 6-digit code in `message` (the newest one when a test passes `inbox.at(-1)`). */
export const codeOf = (message: SmsMessage | undefined) =>
  /\b(\d{6})\b/.exec(message?.text ?? '')![1]!;
