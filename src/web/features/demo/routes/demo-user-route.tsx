import { DocumentTitle } from '../../../components/document-title';
import { DemoNotice } from '../components/demo-notice';
import { DemoPostList } from '../components/demo-post-list';
import { DemoProfileHeader } from '../components/demo-profile-header';
import { demoPosts, demoProfile } from '../demo-data';

// /demo_user (SPEC §2, §3): the built-in demo user's own profile. Rendered from local data only, with no
// fetch and no network images, so it works offline and without a session (SPEC §6: demo is local only).
export function DemoUserRoute() {
  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12">
      <DocumentTitle title="Demo profile" />
      <DemoNotice />
      <div className="mt-6">
        <DemoProfileHeader profile={demoProfile} posts={demoPosts} />
      </div>
      <DemoPostList posts={demoPosts} />
    </div>
  );
}
