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

export function confirmNewEmailMail(to: string, url: string): Mail {
  return buildMail(
    to,
    'Confirm your new email address for Campus Yearbook',
    'You asked to use this address for your Campus Yearbook account.',
    'Use this email address',
    url,
    'The link works for one day. Until you open it, your account keeps its old address. If it was not you, ignore this email.',
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
    `Once you approve, ${newEmail} gets a link of its own, and the change happens when it is opened. If it was not you, do not approve, and change your password.`,
  );
}
