// Development: the API with reload on change (tsx watch) on API_PORT, and Vite with hot reload on PORT,
// proxying /api to the API. Ctrl+C stops both.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "5001";
const children = [
  spawn("npx", ["tsx", "watch", "src/server.ts"], {
    cwd: "apps/api",
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1", DATA_DIR: process.env.DATA_DIR ?? "../../data" },
  }),
  spawn("npx", ["vite"], { cwd: "apps/web", stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
