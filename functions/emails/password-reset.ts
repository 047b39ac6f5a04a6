import type { MailMessage } from '../_lib/mail.ts';
import { emailHtml } from './layout.ts';

/** The password-reset e-mail: a link valid for one hour. */
export function passwordResetEmail(
  to: { email: string; name: string },
  resetUrl: string,
): MailMessage {
  const greeting = `Hello ${to.name || 'there'},`;
  const lines = [
    greeting,
    'We received a request to reset the password of your Lagos Auto Hub account.',
    'Open the link below within one hour to choose a new password. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  return {
    to: [to.email],
    subject: 'Reset your Lagos Auto Hub password',
    template: 'password-reset',
    text: `${lines.join('\n\n')}\n\n${resetUrl}\n`,
    html: emailHtml('Reset your password', lines, {
      label: 'Choose a new password',
      url: resetUrl,
    }),
  };
}
