import { Inbox } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state";

describe("EmptyState", () => {
  it("shows the title, the hint and the action, with the icon hidden from screen readers", () => {
    const html = renderToStaticMarkup(
      <EmptyState
        icon={Inbox}
        title="No posts yet"
        description="Follow people to fill your feed"
        action={<a href="/discover">Discover</a>}
      />,
    );
    expect(html).toContain("No posts yet");
    expect(html).toContain("Follow people to fill your feed");
    expect(html).toContain('<a href="/discover">Discover</a>');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it("leaves out the hint, the icon and the action when none is given", () => {
    const html = renderToStaticMarkup(<EmptyState title="Nothing here" />);
    expect(html).not.toContain("<svg");
    expect(html.match(/<p/g)).toHaveLength(1);
    expect(html).not.toContain("mt-2");
  });
});
