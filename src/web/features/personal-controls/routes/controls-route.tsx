import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';
import { HiddenPostsSection } from '../components/hidden-posts-section';
import { MutedWordsSection } from '../components/muted-words-section';
import { PeopleSection } from '../components/people-section';

// /profile/controls, "Mute and block" (issue #48, decision 032): a member's muted words (added here,
// for a while or always), the people they muted or blocked, and the posts they hid, each with a way
// to undo it. Muting and blocking a person, and hiding a post, are done where the person or the post
// is (their profile, a post's menu). The server drew this page with all four lists.
export function ControlsRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Mute and block" />
      <Link
        to={paths.account.getHref()}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        <Icon name="arrow-left" className="size-4" />
        Your data and account
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">Mute and block</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Choose what you see. Nobody is told what you mute, block or hide, and none of it hides or shows who
        wrote an anonymous post. Mute or block someone from their profile or a post's menu; undo it here.
      </p>
      <MutedWordsSection />
      <PeopleSection control="mute" />
      <PeopleSection control="block" />
      <HiddenPostsSection />
    </div>
  );
}
