import { describe, expect, it } from "vitest";
import { textTranslator } from "./translate-text";

describe("textTranslator", () => {
  const translate = textTranslator({
    "Not found": "No encontrado",
    "Week of {0}": "Semana del {0}",
    "Subscribe to get {0} at {1}": "En {1}, suscríbete para obtener {0}",
    "Closed · opens {0}{1}": "Cerrado · abre {0}{1}",
  });

  it("translates a text by its English wording, and leaves one it does not know as it is", () => {
    expect(translate("Not found")).toBe("No encontrado");
    expect(translate("Something else")).toBe("Something else");
  });

  it("fills a template's translation with the English text's values, in the translation's order", () => {
    expect(translate("Week of 3 June")).toBe("Semana del 3 June");
    expect(translate("Subscribe to get 10% off at Café {0} & $1")).toBe(
      "En Café {0} & $1, suscríbete para obtener 10% off",
    );
  });

  it("translates nothing without a catalog (English)", () => {
    expect(textTranslator(undefined)("Not found")).toBe("Not found");
  });
});

describe("textTranslator's pieces of sentences", () => {
  const translate = textTranslator({
    "{0} subscribed to you{1}": "{0} se suscribió a ti{1}",
    "{0} commented on {1}": "{0} comentó en {1}",
    "your post": "tu publicación",
    " for {0}/month": " por {0} al mes",
    "Your post": "Tu publicación",
  });

  it("translates the contracts' own pieces a sentence was built from, and leaves names and titles as they are", () => {
    expect(translate("Ana subscribed to you for $5.00/month")).toBe("Ana se suscribió a ti por $5.00 al mes");
    expect(translate("Ana commented on your post")).toBe("Ana comentó en tu publicación");
    expect(translate("Ana commented on Your post")).toBe("Ana comentó en Your post");
    expect(translate("Your post commented on your post")).toBe("Your post comentó en tu publicación");
  });
});

describe("textTranslator's pieces after a name", () => {
  const translate = textTranslator({
    "{0} started following you": "{0} empezó a seguirte",
    " and 1 other": " y 1 más",
    " and {0} others": " y {0} más",
  });

  it("keeps the name and translates the piece that follows it", () => {
    expect(translate("Ana García and 2 others started following you")).toBe("Ana García y 2 más empezó a seguirte");
    expect(translate("Ana and 1 other started following you")).toBe("Ana y 1 más empezó a seguirte");
    expect(translate("Ana started following you")).toBe("Ana empezó a seguirte");
  });
});
