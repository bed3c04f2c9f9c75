import { z } from "zod";
import { findForbiddenCharacter, NAME_FORBIDDEN_PATTERN, nameForbiddenMessage } from "./text.texts";

export * from "./text.texts";

/**
 * A zod string that follows the rule (the server has already turned "\r\n" into "\n"); further checks chain on
 * it: `plainText("Name is required").trim().max(100)`.
 */
export function plainText(message?: string) {
  return z.string(message).check((context) => {
    const problem = findForbiddenCharacter(context.value);
    if (problem) context.issues.push({ code: "custom", message: problem, input: context.value });
  });
}

/**
 * The string every name field starts from (first, last and business names): checked before trimming, so a
 * line break at either end is refused too. `label` names the field in the message.
 */
export function nameText(label: string, requiredMessage?: string) {
  return z.string(requiredMessage).check((context) => {
    if (NAME_FORBIDDEN_PATTERN.test(context.value)) {
      context.issues.push({ code: "custom", message: nameForbiddenMessage(label), input: context.value });
    }
  });
}
