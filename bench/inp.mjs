// Interaction to Next Paint (INP) in Chromium, measured by the web-vitals library injected into the built app, on a
// phone-sized window with the CPU slowed down 4× (CDP Emulation.setCPUThrottlingRate), over scripted interactions
// of a signed-in person: like a post, open the composer, switch a tab, open a dialog, open a post's comments.
// Each interaction runs in a fresh page load (INP is a page's figure), several times; the report gives each
// interaction's values and the p75 over all of them, as the field figure is the p75 over page loads.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { ALL_CPUS, canPin, log, percentile, ROOT } from "./util.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const WEB_VITALS = resolve(ROOT, "node_modules/web-vitals/dist/web-vitals.attribution.iife.js");
export const CPU_SLOWDOWN = 4;

/** The interactions: where they start and what they do (Playwright locators by role and name, as people see them). */
const INTERACTIONS = /** @type {const} */ ([
  {
    name: "like a post",
    path: "/",
    act: async (page) =>
      page
        .getByRole("button", { name: /^(Like|Unlike)\b/ })
        .first()
        .click(),
    ready: (page) => page.getByRole("button", { name: /^(Like|Unlike)\b/ }).first(),
  },
  {
    name: "open the composer",
    path: "/",
    act: async (page) => {
      await page.getByRole("button", { name: "Create Post" }).first().click();
      await page.getByRole("dialog").waitFor();
    },
    ready: (page) => page.getByRole("button", { name: "Create Post" }).first(),
  },
  {
    name: "switch a tab (Near you)",
    path: "/",
    act: async (page) => page.getByRole("tab", { name: "Near you" }).click(),
    ready: (page) => page.getByRole("tab", { name: "Near you" }),
  },
  {
    name: "open a dialog (location filter)",
    path: "/",
    act: async (page) => {
      await page
        .getByRole("button", { name: /^Location filter/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
    ready: (page) => page.getByRole("button", { name: /^Location filter/ }).first(),
  },
  {
    name: "open a post's comments",
    path: "/",
    act: async (page) =>
      page
        .getByRole("button", { name: /^Comments\b/ })
        .first()
        .click(),
    ready: (page) => page.getByRole("button", { name: /^Comments\b/ }).first(),
  },
]);

/**
 * Runs `measureInp` in a child process on every CPU: this process is pinned to CPU 0 for the load generator and a
 * child inherits that, which put Chrome and its 4× slowdown on one busy core (pages stayed on their loading
 * screen for over 30 s).
 * @param {{ baseUrl: string, cookie: string, repeats?: number }} options
 */
export async function runInp(options) {
  const script = fileURLToPath(import.meta.url);
  const [command, args] = canPin
    ? ["taskset", ["-c", ALL_CPUS, "node", script, JSON.stringify(options)]]
    : ["node", [script, JSON.stringify(options)]];
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
  /** @type {string[]} */
  const output = [];
  child.stdout.on("data", (chunk) => output.push(String(chunk)));
  const code = await new Promise((done) => child.on("exit", done));
  const line = output
    .join("")
    .split("\n")
    .find((candidate) => candidate.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`INP run failed (${code})`);
  return JSON.parse(line);
}

/** @param {{ baseUrl: string, cookie: string, repeats?: number }} options */
export async function measureInp(options) {
  const repeats = options.repeats ?? 3;
  const library = readFileSync(WEB_VITALS, "utf8");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const [name, value] = options.cookie.split("=");
  /** @type {{ interaction: string, inpMs: number, target: string | null, inputDelayMs: number | null, processingMs: number | null, presentationMs: number | null }[]} */
  const samples = [];
  try {
    for (let round = 0; round < repeats; round += 1) {
      for (const interaction of INTERACTIONS) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
        await context.addCookies([{ name: name ?? "", value: value ?? "", url: options.baseUrl }]);
        await context.addInitScript(
          `${library};
          window.__inp = null;
          webVitals.onINP((metric) => {
            const a = metric.attribution || {};
            window.__inp = { value: metric.value, target: a.interactionTarget || null, inputDelay: a.inputDelay,
              processing: a.processingDuration, presentation: a.presentationDelay };
          }, { reportAllChanges: true });`,
        );
        const page = await context.newPage();
        /** @type {string[]} */
        const problems = [];
        page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
        page.on("console", (message) => {
          if (message.type() === "error") problems.push(`console: ${message.text()}`);
        });
        page.on("response", (response) => {
          if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.goto(`${options.baseUrl}${interaction.path}`);
        await interaction
          .ready(page)
          .waitFor({ timeout: 30_000 })
          .catch(async (error) => {
            const shot = resolve(ROOT, "bench/results/inp-failure.png");
            await page.screenshot({ path: shot });
            throw new Error(
              `${interaction.name}: not ready (screenshot ${shot}): ${error.message}\n${problems.join("\n")}`,
            );
          });
        await page.waitForTimeout(1000); // let the page settle: the interaction is measured, not the load
        await interaction.act(page);
        await page.waitForTimeout(1000);
        const inp = await page.evaluate(() => /** @type {any} */ (window).__inp);
        samples.push({
          interaction: interaction.name,
          // No report: no interaction reached the observer's 16 ms floor.
          inpMs: Math.round(inp?.value ?? 0),
          target: inp?.target ?? null,
          inputDelayMs: inp ? Math.round(inp.inputDelay) : null,
          processingMs: inp ? Math.round(inp.processing) : null,
          presentationMs: inp ? Math.round(inp.presentation) : null,
        });
        log(
          `  INP ${interaction.name}: ${Math.round(inp?.value ?? 0)} ms (input delay ${Math.round(inp?.inputDelay ?? 0)}, processing ${Math.round(inp?.processing ?? 0)}, presentation ${Math.round(inp?.presentation ?? 0)})`,
        );
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const sorted = samples.map((sample) => sample.inpMs).sort((a, b) => a - b);
  /** @type {Record<string, number[]>} */
  const byInteraction = {};
  for (const sample of samples) {
    byInteraction[sample.interaction] = [...(byInteraction[sample.interaction] ?? []), sample.inpMs];
  }
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: "390×844",
    repeats,
    p75Ms: percentile(sorted, 0.75),
    maxMs: sorted.at(-1) ?? 0,
    byInteraction,
    samples,
  };
}

// Run as a script: one measurement with the JSON options of argv[2], result as one JSON line.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await measureInp(JSON.parse(process.argv[2] ?? "{}")))}\n`);
}
