import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import catalog from "@/i18n/catalogs/es/auth.json";
import { describeUserAgent } from "./describe-user-agent";

const intl = createIntl({ locale: "en" });

describe("describeUserAgent", () => {
  it("names the browser and the operating system", () => {
    expect(
      describeUserAgent(
        intl,
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      describeUserAgent(
        intl,
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeUserAgent(
        intl,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1",
      ),
    ).toBe("Safari on iOS");
    expect(describeUserAgent(intl, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox on Linux",
    );
    expect(describeUserAgent(intl, null)).toBe("Unknown browser");
    expect(describeUserAgent(intl, "curl/8.0")).toBe("Unknown browser");
  });

  it("speaks the reader's language", () => {
    const spanish = createIntl({ locale: "es", messages: catalog });
    expect(describeUserAgent(spanish, "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe(
      "Firefox en Linux",
    );
    expect(describeUserAgent(spanish, null)).toBe("Navegador desconocido");
  });
});
