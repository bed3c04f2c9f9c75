/**
 * Taps on a server-rendered page before React is attached to it. The page's buttons are on screen from its HTML,
 * before its code has loaded; a tap on one then did nothing (or, on a form's button, sent the form as a plain
 * navigation), and React drops a tap on HTML it cannot hydrate yet. Until `release`, a tap on a control is held
 * (its default action prevented) and <html> carries HOLDING_TAPS_ATTRIBUTE (the cursor says the page is getting
 * ready); `release`, called once React is attached and every component the page showed has its code, taps each held
 * control again, once, in the order they were tapped: React hydrates the control's part of the page on the spot and
 * answers it. Links are left alone: a link works without any script.
 */

/** On <html> while taps are held (src/index.css: the progress cursor; the browser tests wait for it). */
export const HOLDING_TAPS_ATTRIBUTE = "data-holding-taps";

/** What counts as a control: what the app renders as buttons, tabs, menu items and switches (never a link). */
const CONTROL_SELECTOR =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="checkbox"], [role="option"]';

export interface HeldTaps {
  /** Stops holding and taps each held control again (those still on the page), in order. */
  release: () => void;
}

function heldControl(event: Event): Element | null {
  if (!(event.target instanceof Element)) return null;
  const control = event.target.closest(CONTROL_SELECTOR);
  if (!control || control.closest("a[href]") || control.matches(":disabled")) return null;
  return control;
}

/**
 * A tap as the browser sends it: pointer and mouse down and up, then click (Radix's menus open on pointerdown, its
 * tabs on mousedown, most buttons on click).
 */
function tapAgain(control: Element): void {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view: window };
  control.dispatchEvent(new PointerEvent("pointerdown", { ...init, isPrimary: true, pointerType: "mouse" }));
  control.dispatchEvent(new MouseEvent("mousedown", init));
  control.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0, isPrimary: true, pointerType: "mouse" }));
  control.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
  control.dispatchEvent(new MouseEvent("click", { ...init, buttons: 0 }));
}

/** The page's one hold: none yet, under way, or over (released, never to start again). */
let holding: HeldTaps | "over" | undefined;

const NO_HOLD: HeldTaps = { release: () => {} };

/**
 * Starts holding taps, or returns the hold under way: the page's first script starts it (src/early-taps-boot.ts, an
 * async module in <head>, so it runs while the page is still arriving), and main.tsx takes it over. Once released
 * it never starts again: an async script may run after the entry (its order is whichever arrives first), and a hold
 * it started then would never be released.
 */
export function holdEarlyTaps(doc: Document = document): HeldTaps {
  if (holding === "over") return NO_HOLD;
  if (holding) return holding;
  const held: Element[] = [];
  const hold = (event: Event) => {
    const control = heldControl(event);
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.includes(control)) held.push(control);
  };
  doc.addEventListener("click", hold, true);
  doc.documentElement.setAttribute(HOLDING_TAPS_ATTRIBUTE, "");
  holding = {
    release: () => {
      holding = "over";
      doc.removeEventListener("click", hold, true);
      doc.documentElement.removeAttribute(HOLDING_TAPS_ATTRIBUTE);
      for (const control of held.splice(0)) {
        if (control.isConnected) tapAgain(control);
      }
    },
  };
  return holding;
}
