import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyComponent, preloadLazyComponents, RenderedLazyContext } from "./lazy-component";

function Greeting({ name }: { name: string }) {
  return <b>Hello {name}</b>;
}

/** What a synchronous render shows: the fallback when anything inside suspends. */
const render = (node: React.ReactNode) => renderToString(<Suspense fallback="waiting">{node}</Suspense>);

describe("lazyComponent", () => {
  it("suspends until its code is loaded, then renders at once, without suspending again", async () => {
    const LazyGreeting = lazyComponent("test-greeting", async () => ({ default: Greeting }));
    const first = render(<LazyGreeting name="Ada" />);
    expect(first).toContain("waiting");
    expect(first).not.toContain("Hello");
    await LazyGreeting.preload();
    expect(render(<LazyGreeting name="Ada" />)).toBe("<!--$--><b>Hello <!-- -->Ada</b><!--/$-->");
  });

  it("is loaded ahead by name, as a server-rendered page names what it showed", async () => {
    const Picked = lazyComponent(
      "test-picked",
      async () => ({ Greeting }),
      (module) => module.Greeting,
    );
    await preloadLazyComponents(["test-picked", "no-such-component"]);
    expect(render(<Picked name="Grace" />)).toContain("Hello <!-- -->Grace");
  });

  it("tells a server render which lazy components it showed", async () => {
    const Shown = lazyComponent("test-shown", async () => ({ default: Greeting }));
    await Shown.preload();
    const shown = new Set<string>();
    renderToString(
      <RenderedLazyContext value={shown}>
        <Shown name="Linus" />
      </RenderedLazyContext>,
    );
    expect([...shown]).toEqual(["test-shown"]);
  });

  it("loads again after a failed download", async () => {
    let attempts = 0;
    const Flaky = lazyComponent("test-flaky", async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("network down");
      return { default: Greeting };
    });
    await expect(Flaky.preload()).rejects.toThrow("network down");
    await Flaky.preload();
    expect(render(<Flaky name="Barbara" />)).toContain("Hello <!-- -->Barbara");
    expect(attempts).toBe(2);
  });

  it("refuses two components of one name (the browser would preload the wrong one)", () => {
    lazyComponent("test-twice", async () => ({ default: Greeting }));
    expect(() => lazyComponent("test-twice", async () => ({ default: Greeting }))).toThrow(/named test-twice/);
  });
});
