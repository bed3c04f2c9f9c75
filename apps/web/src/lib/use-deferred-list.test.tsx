import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useDeferredList } from "./use-deferred-list";

const EMPTY: string[] = [];

function List({ items }: { items: string[] }) {
  const shown = useDeferredList(items, EMPTY);
  return <ul>{shown.length === 0 ? "loading" : shown.map((item) => <li key={item}>{item}</li>)}</ul>;
}

describe("useDeferredList", () => {
  it("renders the items themselves on the server (and so while hydrating), not the empty list first", () => {
    const html = renderToString(<List items={["Cafe", "Bakery"]} />);
    expect(html).toBe("<ul><li>Cafe</li><li>Bakery</li></ul>");
  });
});
