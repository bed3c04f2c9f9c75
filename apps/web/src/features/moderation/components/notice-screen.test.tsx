import { spanishTexts } from "@plaza/contracts/i18n/texts-es";
import type { NoticeView } from "@plaza/contracts/moderation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { catalog as spanishMessages } from "@/i18n/catalogs/es";
import { withIntl } from "@/i18n/with-intl";
import { queryKeyFor } from "@/lib/api";
import { NoticeScreen } from "./notice-screen";

const NOTICE_ID = "00000000-0000-4000-8000-0000000000cc";

const notice: NoticeView = {
  id: NOTICE_ID,
  action: "warn",
  rule: "2. No harassment",
  reason: "Please keep it civil.",
  postId: null,
  postPreview: null,
  suspendUntil: null,
  createdAt: "2026-12-01T10:00:00.000Z",
  appealDeadline: "2026-12-21T10:00:00.000Z",
  canAppeal: true,
  reversedAt: null,
  appeal: null,
};

/** A warning the person may still appeal, rendered as the server would. */
function renderNotice(locale: "en" | "es"): string {
  const client = new QueryClient();
  client.setQueryData(queryKeyFor("getNoticesByNoticeId", { params: { path: { noticeId: NOTICE_ID } } }), notice);
  const node: ReactNode = <NoticeScreen noticeId={NOTICE_ID} />;
  const html = renderToStaticMarkup(
    <Router ssrPath="/">
      <QueryClientProvider client={client}>
        {locale === "es" ? withIntl(node, "es", spanishMessages, spanishTexts) : withIntl(node)}
      </QueryClientProvider>
    </Router>,
  );
  return html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

describe("the moderation notice in the page's language", () => {
  it("Spanish: the title, headline, labels and appeal form are the contracts' texts in Spanish; the rule stays as written", () => {
    const html = renderNotice("es");
    expect(html).toContain("Aviso de moderación");
    expect(html).toContain("Un moderador te envió una advertencia.");
    expect(html).toContain("Norma");
    expect(html).toContain("2. No harassment");
    expect(html).toContain("Puedes apelar una vez, en un plazo de 20 días. Un moderador la leerá.");
    expect(html).toContain('placeholder="¿Por qué debería cambiar esta decisión?"');
    expect(html).toContain("Enviar apelación");
    expect(html).not.toContain("Moderation notice");
  });

  it("English stays exactly as the contracts write it", () => {
    const html = renderNotice("en");
    expect(html).toContain("Moderation notice");
    expect(html).toContain("A moderator sent you a warning.");
    expect(html).toContain("You may appeal once, within 20 days. A moderator will read it.");
    expect(html).toContain("Send appeal");
  });
});
