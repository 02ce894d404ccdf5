// Puts text on the clipboard. The Clipboard API exists only in a secure context (https, or localhost);
// on a plain-http address, such as a test server on the campus network, the older select-and-copy
// command is the only way. Rejects when neither works, so the caller can say so.
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    field.remove();
  }
}
