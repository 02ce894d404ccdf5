/** The cookies a response sets, as a Cookie header value (later values win, expired ones drop). */
export function cookiesFrom(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const [name, ...rest] = pair.split('=');
    if (name) jar.set(name, rest.join('='));
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const [name, ...rest] = pair.split('=');
    if (!name) continue;
    const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
    if (expired || rest.join('=') === '') jar.delete(name.trim());
    else jar.set(name.trim(), rest.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
