import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ERROR_MESSAGES } from "@plaza/contracts/errors";
import { LOCALE_COOKIE } from "@plaza/contracts/i18n.texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/factories/users";
import { buildTestApp, type TestApp } from "../../test/test-app";
import { updateInstance } from "../modules/instance/instance.service";
import type { SessionUser } from "../modules/users/viewer";

/**
 * The language a request is answered in (CONTRACT.md "Every town's language"): the account's preference, else the
 * visitor's chosen language (cookie), else Accept-Language, else the town's; errors in it, pages with `<html lang
 * dir>` in it; English as the contract writes it.
 */
let harness: TestApp;
let buildDir: string;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), "plaza-web-"));
  const webDir = join(buildDir, "dist");
  mkdirSync(webDir);
  writeFileSync(
    join(webDir, "index.html"),
    '<!doctype html>\n<html lang="en">\n<title>Plaza</title><div id="root"></div>',
  );
  harness = await buildTestApp({ WEB_DIST_DIR: webDir });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

/** A sign-up with a bad email: the validation error's first message. */
async function badSignUpMessage(headers: Record<string, string>): Promise<string> {
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email: "not-an-email", password: "x" },
    headers,
  });
  expect(response.statusCode).toBe(400);
  return response.json().message;
}

describe("the language of an API answer", () => {
  it("is English as the contract writes it without Accept-Language, and for a client that asks for English", async () => {
    const english = await badSignUpMessage({});
    expect(english).toMatch(/^[A-Z][a-z]/);
    expect(await badSignUpMessage({ "accept-language": "en-US,en;q=0.9" })).toBe(english);
    const notFound = await harness.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(notFound.json().message).toBe(ERROR_MESSAGES.notFound);
  });

  it("follows Accept-Language: Spanish errors, validation and AppError alike; Arabic where it translates", async () => {
    const english = await badSignUpMessage({});
    const spanish = await badSignUpMessage({ "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(spanish).not.toBe(english);
    expect(spanish).toMatch(/[áéíóúñ]|^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+/);
    const login = await harness.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "wrong-password" },
      headers: { "accept-language": "es" },
    });
    expect(login.json().message).toBe("Correo o contraseña incorrectos");
    const arabic = await harness.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.com", password: "wrong-password" },
      headers: { "accept-language": "ar" },
    });
    expect(arabic.json().message).toBe("البريد الإلكتروني أو كلمة المرور غير صحيحة");
  });

  it("follows the visitor's chosen language (cookie) over Accept-Language, and the account's preference over both", async () => {
    const { client } = await buildUser(harness.app);
    const saved = await client.patch("/api/users/preferences", { locale: "ar" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences.locale).toBe("ar");
    const asked = await client.get("/api/users/blocked/none", { "accept-language": "es" });
    expect(asked.statusCode).toBe(404);
    expect(asked.json().message).toBe("غير موجود");
    const cookie = await harness.app.inject({
      method: "GET",
      url: "/api/users/blocked/none",
      headers: { cookie: `${LOCALE_COOKIE}=es`, "accept-language": "ar" },
    });
    expect(cookie.json().message).toBe("No encontrado");
    const back = await client.patch("/api/users/preferences", { locale: null });
    expect(back.json().preferences.locale).toBeNull();
    const english = await client.get("/api/users/blocked/none");
    expect(english.json().message).toBe(ERROR_MESSAGES.notFound);
  });

  it("is the language of an accepted request's sentence too", async () => {
    const sent = await harness.app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: "someone@example.com" },
      headers: { "accept-language": "es" },
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json().message).toBe(
      "Si alguna cuenta usa esta dirección, le enviamos un enlace para restablecer la contraseña.",
    );
  });

  it("refuses a language Plaza does not speak, in a clear message", async () => {
    const { client } = await buildUser(harness.app);
    const refused = await client.patch("/api/users/preferences", { locale: "fr" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Choose a language");
  });

  it("falls back to the town's language, which an administrator sets", async () => {
    const superuser = { id: "00000000-0000-0000-0000-000000000000" } as SessionUser;
    await updateInstance(harness.context, superuser, { locale: "es" });
    try {
      const response = await harness.app.inject({ method: "GET", url: "/api/users/blocked/none" });
      expect(response.json().message).toBe("No encontrado");
      const asked = await harness.app.inject({
        method: "GET",
        url: "/api/users/blocked/none",
        headers: { "accept-language": "en" },
      });
      expect(asked.json().message).toBe(ERROR_MESSAGES.notFound);
    } finally {
      await updateInstance(harness.context, superuser, { locale: "en" });
    }
  });
});

describe("the language of a page", () => {
  it("is written into <html lang dir> of every page, and the page varies on Accept-Language", async () => {
    const plain = await harness.app.inject({ method: "GET", url: "/forgot-password" });
    expect(plain.body).toContain('<html lang="en" dir="ltr">');
    expect(plain.headers.vary).toContain("Accept-Language");
    const spanish = await harness.app.inject({
      method: "GET",
      url: "/forgot-password",
      headers: { "accept-language": "es" },
    });
    expect(spanish.body).toContain('<html lang="es" dir="ltr">');
    const arabic = await harness.app.inject({
      method: "GET",
      url: "/nowhere",
      headers: { cookie: `${LOCALE_COOKIE}=ar` },
    });
    expect(arabic.statusCode).toBe(404);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
  });

  it("is the account's preference for a signed-in visitor", async () => {
    const { client } = await buildUser(harness.app);
    await client.patch("/api/users/preferences", { locale: "ar" });
    const page = await client.get("/settings", { "accept-language": "es" });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
  });
});
