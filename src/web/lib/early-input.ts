// Taps and typing made before the app has taken the page over (issue #45). The page the server drew
// shows its buttons at once, but a button does nothing until React has taken over the part it is in
// (lib/ready-mark.ts): a tap made then would be lost, and a form sent then would reload the page.
// This part of index.html's one script (boot.ts) keeps them instead, as Google's jsaction does:
//
// - a tap on a control (a button, a checkbox, a menu item) is held and the app started at once; once
//   the page and its navbar are live it is made again, on the same element, in the order made;
// - a form sent (Enter in a field) is held the same way and sent again then;
// - what is typed meanwhile stays in its field, where the person sees it, and is handed to the app
//   before the taps are made again, as if typed then, so a form sent with it sends it;
// - links are left alone: they are real links, and open their page without the app.
//
// Until then the page says it is busy (`<html data-holding>`: the pointer shows progress). Should a
// page never say it is live (a bug), the taps are made after HOLD_LIMIT_MS rather than kept forever.
const CONTROL =
  'button, summary, [role=button], [role=menuitem], [role=menuitemradio], [role=option], [role=tab], [role=switch], [role=checkbox], input[type=checkbox], input[type=radio], input[type=submit], input[type=button], input[type=reset], input[type=image]';
const CHECKABLE = /^(?:checkbox|radio)$/;
const HOLD_LIMIT_MS = 20_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export function holdEarlyInput(startNow: () => void): void {
  const html = document.documentElement;
  const live = () => html.dataset.pageReady === 'true' && html.dataset.headerReady === 'true';
  const held: (() => void)[] = [];
  const typed = new Map<Field, string>();
  let limit: ReturnType<typeof setTimeout> | undefined;

  const hold = (event: Event, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(replay);
    html.dataset.holding = '';
    limit ??= setTimeout(release, HOLD_LIMIT_MS);
    startNow();
  };

  const onClick = (event: MouseEvent) => {
    const start = event.target instanceof Element ? event.target : null;
    const label = start?.closest('label');
    // A label passes its tap to its checkbox (whose own tap is held then); other labels only focus.
    const labelled = label?.control instanceof HTMLInputElement && CHECKABLE.test(label.control.type);
    const control = start?.closest(CONTROL) ?? (labelled ? label : null);
    if (!event.isTrusted || !(control instanceof HTMLElement) || control.closest('a[href]')) return;
    const twin = twinFinder(control);
    hold(event, () => twin()?.click());
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = event.submitter;
    hold(event, () => {
      if (!form.isConnected) return;
      form.requestSubmit(submitter?.isConnected && submitter.closest('form') === form ? submitter : null);
    });
  };

  const keep = (field: EventTarget | null) => {
    if (
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement ||
      (field instanceof HTMLInputElement && !CHECKABLE.test(field.type) && field.type !== 'file')
    ) {
      typed.set(field, field.value);
    }
  };
  const onInput = (event: Event) => keep(event.target);
  // What was typed before this script ran (it arrives after the page can show): a field whose value
  // is no longer the one the server drew.
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== field.defaultValue) keep(field);
  }

  const listeners = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onInput],
    ['change', onInput],
  ] as const;
  for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);

  const watch = new MutationObserver(() => live() && release());
  watch.observe(html, { attributes: true, attributeFilter: ['data-page-ready', 'data-header-ready'] });

  function release() {
    watch.disconnect();
    clearTimeout(limit);
    for (const [type, listener] of listeners)
      document.removeEventListener(type, listener as EventListener, true);
    delete html.dataset.holding;
    for (const [field, value] of typed) handOver(field, value);
    // Made in a task of their own, once React has drawn what the handed-over values changed.
    setTimeout(() => {
      for (const replay of held) replay();
    });
  }
}

/**
 * Finds `control` again once the app has taken over. React keeps the elements the server drew, save
 * where a part changed before its code had arrived (a post card the feed drew again): it draws that
 * part anew, and the control tapped is then the one that says the same in a card (or form, or
 * dialog) that says the same, never the same button on another post.
 */
function twinFinder(control: HTMLElement): () => HTMLElement | undefined {
  const says = (element: Element) =>
    `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent} ${element.getAttribute('value')} ${element.closest('article, form, dialog')?.textContent}`;
  const alike = () => [...document.querySelectorAll<HTMLElement>(CONTROL)].filter((e) => says(e) === said);
  const said = says(control);
  const place = alike().indexOf(control);
  return () => (control.isConnected ? control : alike()[place]);
}

/**
 * Tells the app what was typed before it took the field over. React reads a field's changes by the
 * value it last saw: set through the field (which React watches) to nothing, then set past React by
 * the element's own setter, the value reads as new, and the app takes it as typed.
 */
function handOver(field: Field, value: string) {
  if (!field.isConnected) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  field.value = '';
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}
