import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { withIntl } from "./with-intl";

const tabs = (
  <Tabs defaultValue="posts">
    <TabsList>
      <TabsTrigger value="posts">Posts</TabsTrigger>
    </TabsList>
  </Tabs>
);

describe("the page's direction for Radix's primitives (arrow keys, which side a menu opens)", () => {
  it("is right to left in Arabic and left to right otherwise", () => {
    expect(renderToStaticMarkup(withIntl(tabs, "ar"))).toContain('dir="rtl"');
    expect(renderToStaticMarkup(withIntl(tabs, "es"))).toContain('dir="ltr"');
  });
});
