/** Escapes text for HTML element content and quoted attributes (server-rendered pages and mails). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
