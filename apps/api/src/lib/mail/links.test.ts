import { describe, expect, it } from "vitest";
import { buildEnv } from "../../config/env";
import { pageLink, publicBaseUrl } from "./links";
import { mailSender } from "./transport";

describe("publicBaseUrl", () => {
  it("uses PUBLIC_URL when set, else the request's address", () => {
    const request = { protocol: "http" as const, host: "127.0.0.1:5173" };
    expect(publicBaseUrl(buildEnv({ PUBLIC_URL: "https://plaza.example/" }), request)).toBe("https://plaza.example");
    expect(publicBaseUrl(buildEnv(), request)).toBe("http://127.0.0.1:5173");
  });

  it("falls back to localhost when the Host header is not a plain host", () => {
    const env = buildEnv({ PORT: "5000" });
    expect(publicBaseUrl(env, { protocol: "http", host: "evil.example/path?x=" })).toBe("http://localhost:5000");
    expect(publicBaseUrl(env, { protocol: "http", host: 'a"><script>' })).toBe("http://localhost:5000");
  });

  it("builds page links with an encoded query", () => {
    expect(pageLink("https://plaza.example", "/reset-password", { token: "a+b/c" })).toBe(
      "https://plaza.example/reset-password?token=a%2Bb%2Fc",
    );
  });
});

describe("mailSender", () => {
  it("is MAIL_FROM, else no-reply at the public host", () => {
    expect(mailSender(buildEnv({ MAIL_FROM: "Town <town@plaza.example>" }))).toBe("Town <town@plaza.example>");
    expect(mailSender(buildEnv({ PUBLIC_URL: "https://plaza.example" }))).toBe("Plaza <no-reply@plaza.example>");
    expect(mailSender(buildEnv())).toBe("Plaza <no-reply@localhost>");
  });
});
