import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { settled } from "./wait";

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, read once per test file. */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The rule sets checked: WCAG 2.0/2.1/2.2 A and AA plus axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);
/** Longest wait for finite CSS animations (dialog fade/scale) before axe reads colours. */

export interface AccessibilityViolation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** One line per failing element: its selector, its HTML (shortened) and axe's explanation. */
  nodes: string[];
}

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core on the page as it is now and returns its serious and critical violations. axe is evaluated through
 * the DevTools protocol, which the page's Content-Security-Policy does not restrict (a script tag would be refused).
 */
export async function findSeriousViolations(page: Page): Promise<AccessibilityViolation[]> {
  // Dialogs fade and scale in; axe reading colours mid-animation would report contrast that no user sees.
  await settled(page);
  const isLoaded = await page.evaluate(() => "axe" in window);
  if (!isLoaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    const results = (await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    })) as {
      violations: unknown[];
    };
    return results.violations;
  }, AXE_TAGS);
  return (violations as AxeViolation[])
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map(
        (node) =>
          `${node.target.join(" ")} → ${node.html.slice(0, 200)}${node.failureSummary ? ` | ${node.failureSummary.replace(/\s+/g, " ")}` : ""}`,
      ),
    }));
}

/**
 * Fails with a readable list when axe finds a serious or critical violation on the page. `label` names the screen
 * (it appears in the error) so a failure says where to look.
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const violations = await findSeriousViolations(page);
  if (violations.length === 0) return;
  const report = violations
    .map(
      (violation) =>
        `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${violation.nodes.map((node) => `      ${node}`).join("\n")}`,
    )
    .join("\n");
  throw new Error(
    `axe found ${violations.length} serious/critical violation(s) on "${label}" (${page.url()}):\n${report}`,
  );
}
