// The account e-mails. Plain text carries the link on a line of its own (mail clients and the dev
// mailbox both find it); the HTML version escapes everything it is given.

import { html, htmlText } from '../http/html';
import type { Mail } from '../platform/mail';

function buildMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}:\n${url}\n\n${outro}\n\nCampus Yearbook`,
    html: htmlText(
      html`<p>${intro}</p><p><a href="${url}">${action}</a></p><p>${outro}</p><p>Campus Yearbook</p>`,
    ),
  };
}

export function confirmEmailMail(to: string, url: string): Mail {
  return buildMail(
    to,
    'Confirm your Campus Yearbook account',
    'Welcome to Campus Yearbook! Confirm your email address to finish creating your account.',
    'Confirm my email',
    url,
    'If you did not sign up, ignore this email and no account will be created.',
  );
}

export function resetPasswordMail(to: string, url: string): Mail {
  return buildMail(
    to,
    'Reset your Campus Yearbook password',
    'Someone asked to reset the password of your Campus Yearbook account.',
    'Choose a new password',
    url,
    'The link works for one hour. If it was not you, ignore this email: your password stays as it is.',
  );
}

export function existingAccountMail(to: string, url: string): Mail {
  return buildMail(
    to,
    'You already have a Campus Yearbook account',
    'Someone tried to sign up to Campus Yearbook with this email address, which already has an account.',
    'Sign in',
    url,
    'If you forgot your password, use "Forgot password?" on the sign-in card. If it was not you, ignore this email.',
  );
}
