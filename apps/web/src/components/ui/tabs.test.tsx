import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function twoTabs(props: { defaultValue?: string; value?: string }) {
  return renderToStaticMarkup(
    <Tabs {...props}>
      <TabsList>
        <TabsTrigger value="posts">Posts</TabsTrigger>
        <TabsTrigger value="about">About</TabsTrigger>
      </TabsList>
      <TabsContent value="posts">Post list</TabsContent>
      <TabsContent value="about">About text</TabsContent>
    </Tabs>,
  );
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const tags = (html: string, role: string) => html.match(new RegExp(`<[a-z]+[^>]*role="${role}"[^>]*>`, "g")) ?? [];

describe("Tabs", () => {
  it("ties each tab to its panel by id, both ways", () => {
    const html = twoTabs({ defaultValue: "posts" });
    const triggers = tags(html, "tab");
    const panels = tags(html, "tabpanel");
    expect(triggers).toHaveLength(2);
    expect(panels).toHaveLength(2);
    for (const [index, trigger] of triggers.entries()) {
      const panel = panels[index] ?? "";
      expect(attribute(trigger, "aria-controls")).toBe(attribute(panel, "id"));
      expect(attribute(panel, "aria-labelledby")).toBe(attribute(trigger, "id"));
    }
    expect(new Set(panels.map((panel) => attribute(panel, "id"))).size).toBe(2);
  });

  it("shows the selected panel's content and keeps the others as empty hidden panels", () => {
    const html = twoTabs({ defaultValue: "posts" });
    expect(html).toContain("Post list");
    expect(html).not.toContain("About text");
    const [posts, about] = tags(html, "tabpanel");
    expect(posts).toContain('data-state="active"');
    expect(posts).not.toMatch(/ hidden=""/);
    expect(about).toContain('data-state="inactive"');
    expect(about).toMatch(/ hidden=""/);
    expect(tags(html, "tab")[0]).toContain('aria-selected="true"');
  });

  it("follows the value it is given when controlled", () => {
    const html = twoTabs({ value: "about" });
    expect(html).toContain("About text");
    expect(html).not.toContain("Post list");
    expect(tags(html, "tab")[1]).toContain('aria-selected="true"');
  });
});
