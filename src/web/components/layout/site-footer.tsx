import { paths } from '../../config/paths';
import { site } from '../../config/site';
import { Link } from '../../lib/router';
import { BrandMark } from '../brand-mark';

const footerLinks = [
  { label: 'About', href: paths.about.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
  { label: 'Terms', href: paths.terms.getHref() },
  { label: 'Transparency', href: paths.transparency.getHref() },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-2.5 font-bold tracking-tight">
            <BrandMark className="size-7" />
            <span>{site.name}</span>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
              {footerLinks.map((link) => (
                <li key={link.href}>
                  <Link
                    to={link.href}
                    className="rounded text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mt-8 max-w-3xl text-sm leading-6 text-slate-600 dark:text-slate-400">
          {site.footerStatement}
        </p>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          © {new Date().getFullYear()} {site.name} · Made for VIT Chennai and VIT Vellore
        </p>
      </div>
    </footer>
  );
}
