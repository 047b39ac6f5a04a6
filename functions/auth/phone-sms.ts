import type { SmsMessage } from '../_lib/sms.ts';

/**
 * The sign-in code's text (issue 37.1): one GSM-7 part (under 160 characters), the code first so a
 * phone's notification shows it, and a warning against passing it on.
 */
export function phoneCodeSms(phone: string, code: string): SmsMessage {
  return {
    to: phone,
    text: `${code} is your Lagos Auto Hub code. It expires in 10 minutes. Never share it: we will never ask for it.`,
    template: 'phone-sign-in',
    secrets: [code],
    channel: 'dnd',
  };
}
