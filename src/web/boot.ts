// The page's one script: the styles, and nothing else before the page has painted. The server drew
// the page (src/server/http/web-app.ts), so it reads as it is. The app that takes it over (main.tsx,
// an entry of its own) and this page's chunks are named by the server in
// <template id="page-modules">, inert until this puts them in the head after the first paint: on a
// slow phone they never stand between the visitor and the words on the page (docs/decisions/014).
import './styles.css';
import { holdEarlyInput } from './lib/early-input';

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

// Until the app has taken over, the page can be read but not used: a tap on a control or a form sent
// then is kept and made again once the page is live (lib/early-input.ts), and starts the app at once
// instead of after the wait below, as a key pressed does.
let started = false;
function startNow() {
  if (started) return;
  started = true;
  takeOver();
}
holdEarlyInput(startNow);
for (const type of ['pointerdown', 'keydown'])
  document.addEventListener(type, startNow, { capture: true, once: true, passive: true });

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
