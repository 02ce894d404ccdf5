// The page's one script: the styles, and nothing else before the page has painted. The server drew
// the page (src/server/http/web-app.ts), so it reads as it is. The app that takes it over (main.tsx,
// an entry of its own) and this page's chunks are named by the server in
// <template id="page-modules">, inert until this puts them in the head after the first paint: on a
// slow phone they never stand between the visitor and the words on the page (docs/decisions/014).
import './styles.css';

function takeOver() {
  const named = document.getElementById('page-modules');
  const template = named instanceof HTMLTemplateElement ? named : null;
  const links = template ? [...template.content.children] : [];
  // One request a task: starting a preload costs a phone ~5 ms of main thread, so forty at once
  // would be one long task.
  const next = () => {
    document.head.append(...links.splice(0, 1));
    if (links.length > 0) {
      setTimeout(next);
    } else if (import.meta.env.DEV) {
      void import('./main'); // `npm run dev`: Vite serves the sources, and no server names the app.
    } else if (template?.dataset.app) {
      // The app's file, by its built name: importing './main' here would make it a chunk of this
      // entry, which splits what it shares with the pages into more, smaller files (+3 KB a page).
      void import(/* @vite-ignore */ template.dataset.app);
    } else {
      console.error('This page does not name the app that takes it over (<template id="page-modules">).');
    }
  };
  next();
}

// Until the app has taken over, the page can be read but not used. A form sent now would go as a
// plain GET to this address and load the page again, emptying what was typed (and, had its fields
// names, putting them in the URL): it is held, and the person sends it again once the page responds. A tap or a key also starts the app at once instead
// of after the wait below. The hold ends when the page is live (src/web/lib/ready-mark.ts).
let started = false;
function startNow() {
  if (started) return;
  started = true;
  takeOver();
}
const holdForm = (event: Event) => {
  event.preventDefault();
  startNow();
};
document.addEventListener('submit', holdForm, true);
for (const type of ['pointerdown', 'keydown'])
  document.addEventListener(type, startNow, { capture: true, once: true, passive: true });
const live = new MutationObserver(() => {
  if (document.documentElement.dataset.pageReady !== 'true') return;
  document.removeEventListener('submit', holdForm, true);
  live.disconnect();
});
live.observe(document.documentElement, { attributes: true, attributeFilter: ['data-page-ready'] });

// Otherwise, after the text is on screen in its final face: the fonts settled (Inter arrived in its
// short block period, or the system face stays: fonts.css), then two animation frames, the first
// before a paint and the second after it. Waiting for the first paint alone let the code race the
// text's own paint, which comes later when the font arrives in time. A font that never settles holds
// nothing up for more than three seconds. A page opened in a background tab does not paint (nor run
// animation frames) until it is shown: it starts at once.
const FONT_WAIT_MS = 3000;
if (document.visibilityState === 'hidden') {
  startNow();
} else {
  const fontsSettled = Promise.race([
    document.fonts.ready,
    new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]);
  void fontsSettled.then(() => requestAnimationFrame(() => requestAnimationFrame(startNow)));
}
