/** Escapes text for HTML element content and quoted attributes (mails, server pages, the embed). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
