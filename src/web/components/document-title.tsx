import { site } from '../config/site';

// React 19 hoists <title> into <head>, so each page names itself where it renders.
export function DocumentTitle({ title }: { title?: string }) {
  const text = title ? `${title} · ${site.name}` : `${site.name} · ${site.tagline}`;
  return <title>{text}</title>;
}
