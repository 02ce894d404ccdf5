import { TERMS_RULES, TERMS_RULES_SECTION } from '../../../shared/values/terms-rules';
import { GrievanceOfficerSection } from '../../components/grievance-officer';
import { ContentPage } from '../../components/layout/content-page';
import { paths } from '../../config/paths';
import { siteDetails } from '../../config/site-details';
import { Link } from '../../lib/router';

export function TermsRoute() {
  return (
    <ContentPage
      title="Terms and Conditions"
      eyebrow="Legal"
      lead="The rules for using Campus Yearbook, in plain words. By creating an account or using the service you agree to them."
      meta={`Last updated: ${siteDetails.termsLastUpdated}`}
    >
      <h2>1. Who can use Campus Yearbook</h2>
      <p>
        Campus Yearbook is for students and alumni of VIT Chennai and VIT Vellore. You must be at least 18
        years old to use it, or have the consent of a parent or legal guardian who agrees to these terms on
        your behalf.
      </p>

      <h2>2. Your account</h2>
      <p>
        Give us accurate details and keep your password to yourself. You are responsible for what happens
        under your account. Usernames cannot be changed once chosen, so pick one you are happy to keep. Tell
        us straight away if you think someone else has access to your account.
      </p>

      <h2 id={TERMS_RULES_SECTION.anchor}>
        {TERMS_RULES_SECTION.number}. {TERMS_RULES_SECTION.title}
      </h2>
      <p>Be the kind of classmate people are glad to have around. You must not post or do anything that:</p>
      {/* The rules a removal's statement of reasons names, in these words (shared/values/appeals.ts). */}
      <ul>
        {TERMS_RULES.map((rule, index) => (
          <li key={rule.id}>
            {rule.terms}
            {index < TERMS_RULES.length - 1 ? ';' : '.'}
          </li>
        ))}
      </ul>

      <h2>4. Anonymous posts</h2>
      <p>
        Marking a post anonymous hides your name, photo and profile from everyone else who sees it. It does
        not put the post outside these terms: anonymous posts follow exactly the same rules as every other
        post, and moderators can remove an anonymous post that breaks them and restrict the account that wrote
        it, without being shown who that is.
      </p>

      <h2>5. Your content</h2>
      <p>
        What you write stays yours. By posting it you give Campus Yearbook a non-exclusive, worldwide,
        royalty-free licence to store, display and share it within the service, including on post pages, share
        images and embeds that you or other users create from public posts. The licence ends when you delete
        the post, except for copies that others have already downloaded or embedded, which we cannot recall.
      </p>

      <h2>6. Moderation and reporting</h2>
      <p>
        Anyone signed in can report a post they believe breaks these terms. Posts are also checked
        automatically as they are written: one that may hurt someone asks you to think again before it goes
        out, and one that may threaten, demean or expose a person (including an anonymous post that names a
        member) waits for a moderator before anyone else sees it. Our moderators and admins review reports and
        held posts and may remove posts, and suspend or close accounts, at their discretion. We do not read
        every post before it appears, and we are not responsible for what users write, but we act on reports.
      </p>
      <p>
        When a moderator removes your post, you are told why: which rule of section 3 it broke, the facts, and
        whether it was found automatically or reported by members (never who reported it). You can appeal each
        removal once, in your own words, from the post&apos;s page. A different moderator from the one who
        removed it decides, and you are told the outcome; if the appeal succeeds, the post is put back.
      </p>

      <h2>7. Predictions are not financial advice</h2>
      <p>
        Predictions on Campus Yearbook are personal opinions shared for fun and journaling. They are not
        financial, investment, career or any other professional advice. Do not make decisions based on them.
      </p>

      <h2>8. Termination</h2>
      <p>
        You can stop using Campus Yearbook at any time and ask us to delete your account. We may suspend or
        close an account that breaks these terms or puts other users or the service at risk.
      </p>

      <h2>9. The service as it is</h2>
      <p>
        Campus Yearbook is a student project offered as it is. We work to keep it running and your data safe,
        but we cannot promise it will always be available or free of errors, and to the extent the law allows
        we are not liable for losses that come from using it.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms as the service grows. When we make a meaningful change we will update the
        date at the top of this page and, where it matters, tell you in the app. Using the service after a
        change means you accept the new terms.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms? Email{' '}
        <a href={`mailto:${siteDetails.contactEmail}`}>{siteDetails.contactEmail}</a> or visit the{' '}
        <Link to={paths.contact.getHref()}>contact page</Link>. See also our{' '}
        <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
      </p>
      <GrievanceOfficerSection />
    </ContentPage>
  );
}
