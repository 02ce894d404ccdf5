import { ContentPage } from '../../components/layout/content-page';
import { paths } from '../../config/paths';
import { siteDetails } from '../../config/site-details';
import { Link } from '../../lib/router';

export function PrivacyRoute() {
  return (
    <ContentPage
      title="Privacy Policy"
      eyebrow="Legal"
      lead="What we collect, why, and what you can do about it. We collect as little as the service needs and we never sell your data."
      meta={`Last updated: ${siteDetails.privacyLastUpdated}`}
    >
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account:</strong> your email address and a password, which we store only as a secure hash.
          If you sign in with Google, we receive your email address and name from Google.
        </li>
        <li>
          <strong>Profile:</strong> your username, full name, profile photo, bio, Instagram and LinkedIn
          links, campus, graduation year and, if you choose to add it, your date of birth.
        </li>
        <li>
          <strong>Posts and asklines:</strong> what you write, when, and whether you marked it anonymous.
        </li>
        <li>
          <strong>Likes:</strong> which posts you liked, so counts are right and you can unlike.
        </li>
        <li>
          <strong>Reports:</strong> the posts you report, so moderators can review them.
        </li>
      </ul>
      <p>
        We use this to run Campus Yearbook: to show your profile and posts, count likes, handle reports and
        keep the service safe. We do not sell your data, show ads or build advertising profiles.
      </p>

      <h2>How anonymous posts work</h2>
      <p>
        When you mark a post anonymous, it appears as &quot;Anonymous&quot; with no name, photo or profile
        link. We keep it linked to your account so that you can see it on your own profile and delete it, but
        its author is never shown to other users, and that includes our staff: moderators and admins can
        remove an anonymous post that breaks the rules without being shown who wrote it. The same holds in
        search results, share images and embedded posts.
      </p>
      <p>
        When you delete your account, your anonymous posts stay up with no author at all: the link to your
        account is removed, so nobody, our staff included, can tie them to you afterwards. If you want them
        gone, delete them before you delete your account (your account page explains how).
      </p>

      <h2>Cookies</h2>
      <p>
        We use two cookies: a session cookie that keeps you signed in, which cannot be read by scripts on the
        page and is removed when you sign out, and one that remembers you have closed the dashboard notice.
        There are no advertising, analytics or third-party tracking cookies. Your browser also keeps a local
        copy of pages you have viewed so the app loads quickly; it stays on your device and is cleared when
        you sign out.
      </p>

      <h2>Storage and retention</h2>
      <p>
        Your data is stored on the servers that run Campus Yearbook, and profile photos are re-encoded with
        their hidden metadata (such as location) removed. How long each part is kept:
      </p>
      <ul>
        <li>
          <strong>Your account, profile, photo, posts, likes and reports:</strong> for as long as your account
          is open. When you delete your account they are deleted with it, at once, except the anonymous posts
          you leave up, which stay with no author.
        </li>
        <li>
          <strong>A post you delete:</strong> it disappears from every feed, profile, search result and count
          at once. Its text stays in our database, hidden from other users, so reports about it can still be
          handled, until you delete your account.
        </li>
        <li>
          <strong>Signed-in devices:</strong> a device stays signed in for 30 days after you last used it, or
          until you sign out.
        </li>
        <li>
          <strong>Email we send you:</strong> kept until it is delivered. One that cannot be delivered is kept
          for us to look into, and deleted with your account.
        </li>
        <li>
          <strong>Asklines you submitted</strong> and <strong>what staff did</strong> (for example removing a
          post) stay after your account is deleted, without your name or any link to you.
        </li>
        <li>
          <strong>Your username</strong> is held for 90 days after your account is deleted, on its own, so
          that links people shared to your profile and posts do not lead to someone else who took it.
        </li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        Only with the providers that help us run the service (for example hosting and email delivery), under
        agreements that let them use it for nothing else, and with authorities when the law requires it.
      </p>

      <h2>Your rights</h2>
      <ul>
        <li>Edit your profile at any time from Edit Profile.</li>
        <li>Delete any of your posts, anonymous ones included, from your profile.</li>
        <li>
          <strong>Download your data:</strong> in Edit Profile, open <em>Your data and account</em> and choose
          <em> Download my data</em>. You get a zip file with your account and profile, every post you wrote
          (anonymous ones included), the likes you gave, the reports you made, the asklines you submitted,
          your signed-in devices and your profile photo.
        </li>
        <li>
          <strong>Delete your account:</strong> on the same page, with your password (or a fresh Google
          sign-in) and your username typed to confirm. Your profile, photo, posts under your name, likes,
          reports and sessions are deleted at once and for good, and every device is signed out. Anonymous
          posts you leave up stay, with no author; you can delete them first.
        </li>
        <li>You can also ask us for either by email.</li>
      </ul>

      <h2>Children&apos;s privacy</h2>
      <p>
        Campus Yearbook is not directed to children under 13, and we do not knowingly collect personal data
        from children under 13. If you believe a child under 13 has given us personal data, contact us and we
        will delete it.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        When we change this policy we update the date at the top of the page, and tell you in the app if the
        change affects how your data is used.
      </p>

      <h2>Contact</h2>
      <p>
        Questions or requests about your data:{' '}
        <a href={`mailto:${siteDetails.contactEmail}`}>{siteDetails.contactEmail}</a>, or see the{' '}
        <Link to={paths.contact.getHref()}>contact page</Link>. The rules for using the service are in our{' '}
        <Link to={paths.terms.getHref()}>Terms and Conditions</Link>.
      </p>
    </ContentPage>
  );
}
