import { Icon } from '../../components/icons/icon';
import type { IconName } from '../../components/icons/icon-names';
import { ContentPage } from '../../components/layout/content-page';
import { paths } from '../../config/paths';
import { Link } from '../../lib/router';

const steps = [
  { title: 'Sign up', text: 'Create an account with your email or your Google account.' },
  {
    title: 'Set up your profile',
    text: 'Pick a username, add a photo and a short bio, and tell us your campus and graduation year.',
  },
  {
    title: 'Post',
    text: 'Share thoughts, confessions, quotes and predictions in up to 256 characters. Mark any post anonymous and your name stays off it.',
  },
  {
    title: 'Answer asklines',
    text: 'Asklines are prompts picked by the community, like "What will our batch be known for?" Choose one and add your answer, or suggest a new one.',
  },
  {
    title: 'Share',
    text: 'Send a post to a friend as a link, download it as an image sized for LinkedIn or Stories, or embed it on your own page.',
  },
];

const values: { name: string; icon: IconName; text: string }[] = [
  {
    name: 'Authenticity',
    icon: 'sparkles',
    text: 'Say what you actually think. A yearbook is worth rereading only when the words in it are real.',
  },
  {
    name: 'Respect',
    icon: 'heart',
    text: 'Disagree with ideas, never tear down people. Anonymity is a place to be honest, not a licence to hurt anyone.',
  },
  {
    name: 'Privacy',
    icon: 'lock',
    text: 'Anonymous means anonymous: no other user, staff included, is shown who wrote an anonymous post, and we collect only what the service needs.',
  },
  {
    name: 'Simplicity',
    icon: 'eye',
    text: 'Short posts, a calm feed and no clutter, so your words stay at the centre of the page.',
  },
];

// Also rendered at /cookies (SPEC §2).
export function AboutRoute() {
  return (
    <ContentPage
      title="About"
      eyebrow="About Campus Yearbook"
      lead="A digital time capsule for campus minds: the yearbook of VIT Chennai and VIT Vellore, written by the people who lived it."
    >
      <h2>Our mission</h2>
      <p>
        A printed yearbook keeps faces and names. We want to keep voices too: the late-night thoughts, the
        confessions you never said out loud, the quotes that travelled from hostel to hostel and the bold
        predictions about where everyone ends up. Campus Yearbook gives every student and alumnus a page to
        write on, so that years from now your batch can look back and remember not just who was there, but
        what it felt like.
      </p>

      <h2>How it works</h2>
      <ol>
        {steps.map((step) => (
          <li key={step.title}>
            <strong>{step.title}.</strong> {step.text}
          </li>
        ))}
      </ol>

      <h2>What we value</h2>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {values.map(({ name, icon, text }) => (
          <section
            key={name}
            aria-labelledby={`value-${name}`}
            className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                <Icon name={icon} className="size-5" />
              </span>
              <h3 id={`value-${name}`} className="mt-0">
                {name}
              </h3>
            </div>
            <p className="text-sm leading-6">{text}</p>
          </section>
        ))}
      </div>

      <h2>Our story</h2>
      <p>
        Campus Yearbook began the way most campus projects do: a conversation between classes that would not
        go away. Our batch kept noticing that the best parts of college, the inside jokes, the honest
        confessions, the predictions made at 2 a.m., never reached the official yearbook. They lived in group
        chats that scroll away and stories that vanish in a day.
      </p>
      <p>
        So we built a place for them. A place where you can be yourself under your own name, or say the thing
        you could not say under it, and where what you write stays put. We are students building this for
        students and alumni of VIT Chennai and VIT Vellore, and it grows with every post.
      </p>
      <p>
        Have an idea, found a bug, or want to help? <Link to={paths.contact.getHref()}>Get in touch</Link>.
      </p>
    </ContentPage>
  );
}
