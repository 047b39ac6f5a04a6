import type { MailMessage } from '../_lib/mail.ts';
import { emailHtml } from './layout.ts';

/** The e-mail verification e-mail (issue 12.8): one link, valid for three days. */
export function verifyEmailEmail(
  to: { email: string; name: string },
  verifyUrl: string,
): MailMessage {
  const lines = [
    `Hello ${to.name || 'there'},`,
    'Welcome to Lagos Auto Hub! Please confirm your e-mail address to see the contact details businesses share with registered users.',
    'Open the link below within three days. If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    to: [to.email],
    subject: 'Confirm your Lagos Auto Hub e-mail address',
    template: 'verify-email',
    text: `${lines.join('\n\n')}\n\n${verifyUrl}\n`,
    html: emailHtml('Confirm your e-mail address', lines, {
      label: 'Confirm my e-mail address',
      url: verifyUrl,
    }),
  };
}
