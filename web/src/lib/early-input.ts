/**
 * What a visitor typed or chose on a server-rendered page before the app hydrated it (a phone on a slow
 * network: the sort select changed, a search typed, while the bundle was still on its way). The browser
 * keeps those values in the DOM, but nothing heard them: no React handler was attached yet, and
 * hydration then sets each controlled field back to the value it was rendered with. So before hydrating,
 * the fields whose value differs from the one in the HTML are noted (`noteEarlyInput`), and once React
 * owns each of them (its props are on the element) the value is given again with the event a person's
 * change fires (`replayEarlyInput`): the screen reacts as if the change had come after hydration.
 *
 * A click on a button leaves no trace in the DOM: the rendered page's inline script holds it while React
 * does not own the button (contracts/early-clicks.ts), `takeEarlyClicks` takes the buttons held, and
 * each is clicked again once React owns it, after the values (a person fills a form in, then presses
 * its button).
 */
import { EARLY_CLICKS_GLOBAL } from '../../../contracts/early-clicks.ts';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A field's value changed before hydration. */
export interface EarlyValue {
  field: Field;
  /** `value` for a text field or a select, `checked` for a checkbox or radio. */
  value: string | boolean;
}

/** A value to give again, or a button to click again. */
export type EarlyInput = EarlyValue | { button: HTMLElement };

const TEXT_TYPES = new Set(['text', 'search', 'email', 'number', 'tel', 'url', 'password', '']);

/** The fields under `root` whose value is no longer the one the HTML gave them. */
export function noteEarlyInput(root: ParentNode): EarlyValue[] {
  const found: EarlyValue[] = [];
  for (const field of root.querySelectorAll<Field>('input, select, textarea')) {
    if (field instanceof HTMLSelectElement) {
      const rendered = [...field.options].findIndex((o) => o.defaultSelected);
      const renderedIndex = rendered < 0 && !field.multiple ? 0 : rendered;
      if (!field.multiple && field.selectedIndex !== renderedIndex) found.push({ field, value: field.value });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) found.push({ field, value: field.checked });
    } else if (field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type)) {
      if (field.value !== field.defaultValue) found.push({ field, value: field.value });
    }
  }
  return found;
}

/**
 * The buttons clicked on the rendered page that React did not own yet, held by the page's early-click
 * holder since the last call, in order. `stop`: the holder stops holding (the page is hydrated).
 */
export function takeEarlyClicks(stop = false): EarlyInput[] {
  const take: unknown = (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
  if (typeof take !== 'function') return [];
  return (take as (stop: boolean) => HTMLElement[])(stop).map((button) => ({ button }));
}

/**
 * The next check waits for the page to be idle. React puts its props on an element while it renders the
 * hydration, before it commits it, and runs effects after: a value or click given in the middle of that
 * work may meet a screen that is not there yet. While React renders in time slices its scheduler always
 * has a task queued, so an idle period comes only once the work (render, commit, effects) is done. Where
 * requestIdleCallback is missing (Safari), the next frame and a task after it.
 */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run());
  else requestAnimationFrame(() => setTimeout(run, 0));
}

/** The props React keeps on an element it hydrated (under `__reactProps$…`); undefined before. */
function reactProps(element: Element): Record<string, unknown> | undefined {
  const key = Object.keys(element).find((k) => k.startsWith('__reactProps$'));
  return key === undefined ? undefined : ((element as unknown as Record<string, Record<string, unknown>>)[key] ?? undefined);
}

/** Whether React has hydrated this element. */
function hydrated(element: Element): boolean {
  return reactProps(element) !== undefined;
}

/**
 * A controlled field React has hydrated whose value in the page is not the one React holds: a person
 * changed it while React was hydrating (after `noteEarlyInput`, before React heard events there).
 */
function unheard(field: Field): EarlyValue | null {
  const props = reactProps(field);
  if (!props) return null;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    return typeof props['checked'] === 'boolean' && props['checked'] !== field.checked ? { field, value: field.checked } : null;
  }
  if (field instanceof HTMLSelectElement && field.multiple) return null;
  const value = props['value'];
  if (value === undefined || value === null) return null;
  const held = String(value as string | number);
  // a select whose value is none of its options shows its first one: not a person's choice
  if (field instanceof HTMLSelectElement && ![...field.options].some((option) => option.value === held)) return null;
  return held !== field.value ? { field, value: field.value } : null;
}

/**
 * Gives each noted value again once React owns its field, with the event a person's change fires
 * (`input` for text, `change` for a select, a click for a box), bubbling to React's root listener, and
 * clicks each held button once React owns it, values first. Elements React never hydrates (removed
 * meanwhile) are given up after `timeoutMs`.
 *
 * With `root`, also each controlled field under it that a person changed while React was hydrating
 * (its value in the page is not the one React holds), checked once React owns it: such a change came
 * after `noteEarlyInput`, and React may not have heard it. With `clicks` (takeEarlyClicks), the buttons
 * the holder takes meanwhile too; once every field and button under `root` is React's (or at the
 * deadline), the holder is stopped. Resolves with how many were given again.
 */
export function replayEarlyInput(
  noted: readonly EarlyInput[],
  options: { root?: ParentNode; clicks?: (stop: boolean) => EarlyInput[]; timeoutMs?: number; frame?: (run: () => void) => void } = {},
): Promise<number> {
  const frame = options.frame ?? whenIdle;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let waiting = [...noted];
  const checked = new WeakSet<Element>(noted.map((input) => ('button' in input ? input.button : input.field)));
  let replayed = 0;
  return new Promise((resolve) => {
    const step = () => {
      // the clicks held since the last step, after what waits already
      if (options.clicks) waiting.push(...options.clicks(false));
      // values in the page's order (the order a person filled them in is not known), then the clicks in
      // the order they came; a click waits while anything before it waits
      const later: EarlyInput[] = [];
      for (const input of waiting) {
        const element = 'button' in input ? input.button : input.field;
        if (!element.isConnected) continue;
        if (!hydrated(element) || ('button' in input && later.length > 0)) later.push(input);
        else {
          give(input);
          replayed++;
        }
      }
      waiting = later;
      let unhydrated = false;
      if (options.root) {
        for (const element of options.root.querySelectorAll<Field | HTMLButtonElement>('input, select, textarea, button')) {
          if (checked.has(element)) continue;
          if (!hydrated(element)) {
            unhydrated = true;
            continue;
          }
          checked.add(element);
          const change = element instanceof HTMLButtonElement ? null : unheard(element);
          if (change) {
            give(change);
            replayed++;
          }
        }
      }
      if ((waiting.length === 0 && !unhydrated) || Date.now() > deadline) {
        // hydrated (or given up): the holder stops; a click it took meanwhile is given now
        for (const input of options.clicks?.(true) ?? []) {
          if (!('button' in input) || !input.button.isConnected) continue;
          give(input);
          replayed++;
        }
        resolve(replayed);
      } else frame(step);
    };
    frame(step);
  });
}

function give(input: EarlyInput): void {
  if ('button' in input) {
    input.button.click();
    return;
  }
  const { field, value } = input;
  // Hydration leaves a person's value in the DOM (React 19 does not overwrite a field while hydrating)
  // and React's value tracker takes it as the value React rendered, so a bare event would change
  // nothing. First the field goes back to what the server rendered, through the element's own setter
  // (React's tracker sits there), then the person's value, through the prototype's setter, and the
  // event: React sees a change from what it rendered to what the person chose.
  if (typeof value === 'boolean') {
    const box = field as HTMLInputElement;
    box.checked = !value;
    // a click toggles the box back and fires the event React listens to for boxes, as a person's does
    box.click();
    return;
  }
  if (!(field instanceof HTMLSelectElement)) field.value = field.defaultValue;
  const proto = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
