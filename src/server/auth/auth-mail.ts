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
    'The link opens a page with a button: press it to confirm. If you did not sign up, ignore this email and no account will be created.',
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

export function confirmNewEmailMail(to: string, url: string): Mail {
  return buildMail(
    to,
    'Confirm your new email address for Campus Yearbook',
    'You asked to use this address for your Campus Yearbook account, and approved it from your current address.',
    'Use this email address',
    url,
    'The link opens a page with a button: press it, signed in to your account, to finish. It works for one day. Until then, your account keeps its old address. If it was not you, ignore this email.',
  );
}

/**
 * To a new address that already has an account: someone asked to move another account onto it. The
 * requester is told nothing of it (their page reads the same as for a free address).
 */
export function emailTakenNoteMail(to: string, contactUrl: string): Mail {
  return buildMail(
    to,
    'Someone tried to use your email address on Campus Yearbook',
    'Someone asked to move another Campus Yearbook account onto this email address. This address already has an account of its own, so nothing changed, and nothing will.',
    'Contact us',
    contactUrl,
    'There is nothing you need to do. If this keeps happening, write to us.',
  );
}

export function emailChangedMail(to: string, newEmail: string, url: string): Mail {
  return buildMail(
    to,
    'Your Campus Yearbook email address was changed',
    `Your Campus Yearbook account now uses ${newEmail}. This address no longer signs in to it.`,
    'Contact us',
    url,
    'If you made this change, there is nothing to do. If you did not, write to us at once from this address.',
  );
}

export function approveEmailChangeMail(to: string, newEmail: string, url: string): Mail {
  return buildMail(
    to,
    'Approve the new email address of your Campus Yearbook account',
    `Someone signed in to your Campus Yearbook account asked to move it to ${newEmail}, with your password.`,
    'Approve the change',
    url,
    `The link opens a page with a button: press it, signed in to your account, to approve. Then ${newEmail} gets an email of its own, and the change happens only when it is confirmed from there. If it was not you, do not approve, and change your password: that cancels the request.`,
  );
}
