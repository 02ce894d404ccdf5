import { GrievanceOfficerSection } from '../../components/grievance-officer';
import { Icon } from '../../components/icons/icon';
import type { IconName } from '../../components/icons/icon-names';
import { ContentPage } from '../../components/layout/content-page';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { siteDetails } from '../../config/site-details';

const mailto = `mailto:${siteDetails.contactEmail}`;

const socialProfiles: { name: string; icon: IconName; url: string; handle: string }[] = [
  { name: 'Instagram', icon: 'instagram', ...siteDetails.social.instagram },
  { name: 'LinkedIn', icon: 'linkedin', ...siteDetails.social.linkedin },
];

export function ContactRoute() {
  return (
    <ContentPage
      title="Contact us"
      eyebrow="Contact"
      lead="Questions, feedback, a bug to report or a post that needs a second look? We read every message and usually reply within a few days."
    >
      <h2>Email</h2>
      <p>
        Write to us at <a href={mailto}>{siteDetails.contactEmail}</a>. For a post you think breaks the rules,
        the Report option on the post reaches our moderators fastest; email us if it is urgent.
      </p>
      <a href={mailto} className={composeButtonClasses({ className: 'mt-5 no-underline' })}>
        <Icon name="mail" className="size-5" />
        Send us an email
      </a>

      <GrievanceOfficerSection />

      <h2>Follow us</h2>
      <p>News, features as they land, and the best asklines of the week.</p>
      <ul className="mt-5 grid list-none gap-3 pl-0 sm:grid-cols-2">
        {socialProfiles.map(({ name, icon, url, handle }) => (
          <li key={name}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${name} ${handle} (opens in a new tab)`}
              className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 no-underline transition-colors hover:border-brand-300 hover:bg-brand-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700 dark:hover:bg-slate-800"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon name={icon} className="size-6" />
              </span>
              <span className="flex-1">
                <span className="block font-semibold text-slate-900 dark:text-white">{name}</span>
                <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">{handle}</span>
              </span>
              <Icon name="external-link" className="size-4 text-slate-500 dark:text-slate-400" />
            </a>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}
